// The document attributes Asciidoctor 4.1 knows while it parses a note: its built-in defaults
// (what `load(text, { safe: 'secure' })` defines), then every attribute entry read so far, header
// or body. Preprocessor conditionals, `{name}` references in attribute values and in section
// titles all read this one map, as they read Asciidoctor's `document.attributes`.
//
// Left out on purpose: the clock attributes (`localdate`, `docyear`, ...), which a pure core
// cannot know, and `{set:...}` references, which stay as written. `{counter:name}` counts as in
// Asciidoctor (it can end up in a section id), but only where the scanner substitutes: attribute
// values and section titles, not paragraphs.

const DEFAULTS: readonly (readonly [string, string])[] = Object.entries({
  'attribute-undefined': 'drop-line',
  'attribute-missing': 'skip',
  'appendix-caption': 'Appendix',
  'appendix-refsig': 'Appendix',
  'caution-caption': 'Caution',
  'chapter-refsig': 'Chapter',
  'example-caption': 'Example',
  'figure-caption': 'Figure',
  'important-caption': 'Important',
  'last-update-label': 'Last updated',
  'note-caption': 'Note',
  'part-refsig': 'Part',
  prewrap: '',
  sectids: '',
  'section-refsig': 'Section',
  'table-caption': 'Table',
  'tip-caption': 'Tip',
  'toc-placement': 'auto',
  'toc-title': 'Table of Contents',
  'untitled-label': 'Untitled',
  'version-label': 'Version',
  'warning-caption': 'Warning',
  notitle: '',
  embedded: '',
  asciidoctor: '',
  'asciidoctor-version': '4.1.0',
  'safe-mode-name': 'secure',
  'safe-mode-secure': '',
  'safe-mode-level': '20',
  'max-include-depth': '64',
  docdir: '',
  backend: 'html5',
  'user-home': '.',
  'max-attribute-value-size': '4096',
  linkcss: '',
  doctype: 'article',
  htmlsyntax: 'html',
  'backend-html5-doctype-article': '',
  'doctype-article': '',
  'backend-html5': '',
  outfilesuffix: '.html',
  filetype: 'html',
  'filetype-html': '',
  'basebackend-html-doctype-article': '',
  'basebackend-html': '',
  basebackend: 'html',
  stylesdir: '.',
  iconsdir: './images/icons',
  authorcount: '0',
})

/** Asciidoctor's INTRINSIC_ATTRIBUTES: always resolvable, never stored in the document. */
const INTRINSIC: Readonly<Record<string, string>> = {
  startsb: '[',
  endsb: ']',
  vbar: '|',
  caret: '^',
  asterisk: '*',
  tilde: '~',
  plus: '&#43;',
  backslash: '\\',
  backtick: '`',
  blank: '',
  empty: '',
  sp: ' ',
  'two-colons': '::',
  'two-semicolons': ';;',
  nbsp: '&#160;',
  deg: '&#176;',
  zwsp: '&#8203;',
  quot: '&#34;',
  apos: '&#39;',
  lsquo: '&#8216;',
  rsquo: '&#8217;',
  ldquo: '&#8220;',
  rdquo: '&#8221;',
  wj: '&#8288;',
  brvbar: '&#166;',
  pp: '&#43;&#43;',
  cpp: 'C&#43;&#43;',
  cxx: 'C&#43;&#43;',
  amp: '&',
  lt: '<',
  gt: '>',
}

const DEFAULT_MAP: ReadonlyMap<string, string> = new Map(DEFAULTS)

/**
 * A note's attributes: its own entries over the defaults every note shares. Copying the 40
 * defaults into a fresh map for each note cost more than most notes' whole header; a note
 * reads a handful of names and sets fewer, so only what it sets or unsets is its own.
 */
class NoteAttributes extends Map<string, string> {
  /** Defaults the note unset (`:name!:`): they read as absent. */
  private readonly unset = new Set<string>()

  override get(name: string): string | undefined {
    const own = super.get(name)
    if (own !== undefined || this.unset.has(name)) return own
    return DEFAULT_MAP.get(name)
  }
  override has(name: string): boolean {
    return super.has(name) || (!this.unset.has(name) && DEFAULT_MAP.has(name))
  }
  override set(name: string, value: string): this {
    // Map's constructor calls set before the field exists; it is given no entries here.
    this.unset?.delete(name)
    return super.set(name, value)
  }
  override delete(name: string): boolean {
    const had = this.has(name)
    super.delete(name)
    if (DEFAULT_MAP.has(name)) this.unset.add(name)
    return had
  }
  override clear(): void {
    super.clear()
    for (const name of DEFAULT_MAP.keys()) this.unset.add(name)
  }
  override get size(): number {
    return [...this.keys()].length
  }
  override *entries(): MapIterator<[string, string]> {
    for (const [name, value] of DEFAULT_MAP) if (!super.has(name) && !this.unset.has(name)) yield [name, value]
    yield* super.entries()
  }
  override *keys(): MapIterator<string> {
    for (const [name] of this.entries()) yield name
  }
  override *values(): MapIterator<string> {
    for (const [, value] of this.entries()) yield value
  }
  override [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries()
  }
  override forEach(visit: (value: string, name: string, map: Map<string, string>) => void): void {
    for (const [name, value] of this.entries()) visit(value, name, this)
  }
}

/** The attributes a note starts with; `docname` is the file name without `.adoc`, as for a loaded file. */
export function defaultAttributes(docname?: string): Map<string, string> {
  const attributes = new NoteAttributes()
  if (docname !== undefined) attributes.set('docname', docname)
  return attributes
}

const REFERENCE = /(\\)?\{([\p{Alphabetic}\p{N}\p{Pc}][\p{Alphabetic}\p{N}\p{Pc}-]*|(?:set|counter2?):.*?)(\\)?\}/gu
const PASS_VALUE = /^pass:([a-z]+(?:,[a-z-]+)*)?\[([\s\S]*)\]$/

/**
 * Asciidoctor's `max-attribute-value-size` in secure mode: a stored value is cut to 4096 bytes
 * (UTF-8, never inside a character). It is also what keeps `:a: {a}{a}` from doubling forever.
 */
export const MAX_VALUE_LENGTH = 4096
/** What one substitution may add to its text: past it, references stay as written (issue 15). */
const MAX_GROWTH = 65_536

/** The longest prefix of `value` that fits in `bytes` UTF-8 bytes (Ruby's `limit_bytesize`). */
export function limitBytes(value: string, bytes: number): string {
  if (value.length * 3 <= bytes) return value
  // One byte a character: the common case, checked without walking the characters.
  if (/^[\u0000-\u007f]*$/.test(value)) return value.length <= bytes ? value : value.slice(0, bytes)
  let used = 0
  let index = 0
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0
    used += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
    if (used > bytes) return value.slice(0, index)
    index += char.length
  }
  return value
}

/**
 * Asciidoctor's `subAttributes`: `{name}` becomes the attribute's value; `\{name}` stays as
 * `{name}`; a missing attribute follows `attribute-missing` (default `skip`: left as written;
 * `drop`: removed; `drop-line`: the line goes). `missing` overrides the document's setting.
 * One pass, so a value is never substituted again; the growth is bounded all the same, so that
 * a line of thousands of references to a long value costs time in proportion to the line.
 */
export function substituteReferences(text: string, attributes: ReadonlyMap<string, string>, missing?: string): string {
  if (!text.includes('{')) return text
  let dropLine = false
  let growth = 0
  const result = text.replace(
    REFERENCE,
    (whole, openingEscape: string | undefined, name: string, closingEscape: string | undefined) => {
      if (openingEscape === '\\' || closingEscape === '\\') return `{${name}}`
      if (name.startsWith('counter') && isMutable(attributes)) {
        const value = nextCounterValue(attributes, name)
        if (value !== null) return name.startsWith('counter2:') ? '' : value
      }
      if (name.includes(':')) return whole
      const key = name.toLowerCase()
      const value = attributes.get(key) ?? INTRINSIC[key]
      if (value !== undefined) {
        growth += value.length - whole.length
        return growth > MAX_GROWTH ? whole : value
      }
      const policy = missing ?? attributes.get('attribute-missing') ?? 'skip'
      if (policy === 'drop') return ''
      if (policy === 'drop-line') {
        dropLine = true
        return ''
      }
      return whole
    },
  )
  return dropLine ? '' : result
}

function isMutable(attributes: ReadonlyMap<string, string>): attributes is Map<string, string> {
  return attributes instanceof Map
}

/** Asciidoctor's `Document#counter` and `Helpers.nextval`: the number (or letter) after the current value. */
function nextCounterValue(attributes: Map<string, string>, reference: string): string | null {
  const match = /^counter2?:([\p{Alphabetic}\p{N}_][\p{Alphabetic}\p{N}_-]*)(?::(.*))?$/u.exec(reference)
  if (!match) return null
  const name = (match[1] ?? '').toLowerCase()
  const current = attributes.get(name)
  let next: string
  if (current !== undefined && current !== '') {
    if (/^-?\d+$/.test(current)) next = String(Number(current) + 1)
    else if (current.length === 1) next = String.fromCharCode(current.charCodeAt(0) + 1)
    else next = current
  } else next = match[2] !== undefined && match[2] !== '' ? match[2] : '1'
  // Bounded like every other value: a counter is one short token.
  if (next.length > MAX_VALUE_LENGTH) return null
  attributes.set(name, next)
  return next
}

/**
 * The value an attribute entry stores (Asciidoctor's `applyAttributeValueSubs`): `pass:[...]`
 * keeps its content (with `{refs}` only when asked for with `a`), anything else gets its
 * attribute references substituted. Special characters are kept as written, not turned into
 * `&amp;`, `&lt;`, `&gt;`: the value is text for the index, not HTML.
 */
export function attributeEntryValue(value: string, attributes: ReadonlyMap<string, string>): string {
  const pass = value.startsWith('pass:') ? PASS_VALUE.exec(value) : null
  if (pass) {
    const subs = (pass[1] ?? '').split(',')
    const content = pass[2] ?? ''
    const kept = subs.includes('a') || subs.includes('attributes') ? substituteReferences(content, attributes) : content
    return limitBytes(kept, MAX_VALUE_LENGTH)
  }
  return limitBytes(substituteReferences(value, attributes), MAX_VALUE_LENGTH)
}

/** Each note's header attributes over the defaults, built once per record (an item's lines share it). */
const SHOWN_MAPS = new WeakMap<Readonly<Record<string, string>>, ReadonlyMap<string, string>>()
const NO_OWN: Readonly<Record<string, string>> = {}

/**
 * The `{name}` references of a line of a prompt or response as a reader of the note sees them:
 * the note's header attributes (`own`), the defaults and the intrinsic ones (`{plus}`, `{nbsp}`).
 * The character references those stand for (`&#43;`) are left for the replacements after
 * (`typographic`, shown-text.ts), which read every reference of the line, as Asciidoctor's do.
 * A name the note does not set stays as written (`attribute-missing`). Control characters are
 * dropped: a value (`:x: \u001b[2J`) must not reach a terminal as one. A
 * `{counter:name}` counts on a copy: the cached map is shared by every showing of the note's
 * items, and a card shown twice (or checked, then shown) must read the same number.
 */
export function shownReferences(text: string, own: Readonly<Record<string, string>> = NO_OWN): string {
  if (!text.includes('{')) return text
  let attributes = SHOWN_MAPS.get(own)
  if (attributes === undefined) {
    const map = defaultAttributes()
    for (const [name, value] of Object.entries(own)) map.set(name.toLowerCase(), value)
    attributes = map
    SHOWN_MAPS.set(own, map)
  }
  const scope = text.includes('{counter') ? new Map(attributes) : attributes
  return substituteReferences(text, scope).replace(CONTROLS, '')
}

/** C0 and C1 controls but the tab (a shown line holds no line break). */
const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g

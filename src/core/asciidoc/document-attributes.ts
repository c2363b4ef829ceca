// The document attributes Asciidoctor 4.1 knows while it parses a note: its built-in defaults
// (what `load(text, { safe: 'secure' })` defines), then every attribute entry read so far, header
// or body. Preprocessor conditionals, `{name}` references in attribute values and in section
// titles all read this one map, as they read Asciidoctor's `document.attributes`.
//
// Left out on purpose: the clock attributes (`localdate`, `docyear`, ...), which a pure core
// cannot know, and `{set:...}` / `{counter:...}` references, which stay as written.

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

/** The attributes a note starts with; `docname` is the file name without `.adoc`, as for a loaded file. */
export function defaultAttributes(docname?: string): Map<string, string> {
  const attributes = new Map(DEFAULTS)
  if (docname !== undefined) attributes.set('docname', docname)
  return attributes
}

const REFERENCE = /(\\)?\{([\p{Alphabetic}\p{N}\p{Pc}][\p{Alphabetic}\p{N}\p{Pc}-]*|(?:set|counter2?):.*?)(\\)?\}/gu
const PASS_VALUE = /^pass:([a-z]+(?:,[a-z-]+)*)?\[([\s\S]*)\]$/

/**
 * Asciidoctor's `subAttributes`: `{name}` becomes the attribute's value; `\{name}` stays as
 * `{name}`; a missing attribute follows `attribute-missing` (default `skip`: left as written;
 * `drop`: removed; `drop-line`: the line goes). `missing` overrides the document's setting.
 */
export function substituteReferences(text: string, attributes: ReadonlyMap<string, string>, missing?: string): string {
  if (!text.includes('{')) return text
  let dropLine = false
  const result = text.replace(
    REFERENCE,
    (whole, openingEscape: string | undefined, name: string, closingEscape: string | undefined) => {
      if (openingEscape === '\\' || closingEscape === '\\') return `{${name}}`
      if (name.includes(':')) return whole
      const key = name.toLowerCase()
      const value = attributes.get(key) ?? INTRINSIC[key]
      if (value !== undefined) return value
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
    return subs.includes('a') || subs.includes('attributes') ? substituteReferences(content, attributes) : content
  }
  return substituteReferences(value, attributes)
}

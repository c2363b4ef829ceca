// Auto-generated section ids, as Asciidoctor's `Section.generateId` makes them. Asciidoctor builds
// the id from the *converted* title (HTML), so markup that vanishes in HTML vanishes from the id:
// `*bold*` gives `bold`, `_x_` gives `x`, `a -- b` gives `ab` (the dash becomes an entity, which is
// dropped). This module reproduces the substitutions that change the id; rarer ones (footnotes,
// xrefs without text) are not reproduced. `:!sectids:` (no generated ids) is the caller's.

import { substituteReferences } from './document-attributes.js'

const WORD = String.raw`\p{Alphabetic}\p{N}\p{Pc}`
const INVALID_ID_CHARS = new RegExp(
  String.raw`<[^>]+>|&(?:[a-z][a-z]+\d{0,2}|#\d\d\d{0,4}|#x[\da-f][\da-f][\da-f]{0,3});|[^ ${WORD}\-.]+?`,
  'gu',
)

// Entities stand in for what Asciidoctor's replacements and special characters produce; they are
// dropped by INVALID_ID_CHARS exactly as the real ones are.
const DROPPED = '&#8203;'
const CHARACTER_REFERENCE = /&(?:[a-zA-Z][a-zA-Z]+\d{0,2}|#\d\d\d{0,4}|#x[\da-fA-F][\da-fA-F][\da-fA-F]{0,3});|[&<>]/g

/** Built-in character attributes Asciidoctor defines in every document. */
const CHARACTER_ATTRIBUTES: Record<string, string> = {
  amp: DROPPED,
  apos: DROPPED,
  brvbar: DROPPED,
  caret: DROPPED,
  deg: DROPPED,
  empty: '',
  gt: DROPPED,
  lt: DROPPED,
  nbsp: DROPPED,
  quot: DROPPED,
  sp: ' ',
  startsb: DROPPED,
  endsb: DROPPED,
  tilde: DROPPED,
  vbar: DROPPED,
  zwsp: DROPPED,
  wj: DROPPED,
  plus: DROPPED,
  ldquo: DROPPED,
  rdquo: DROPPED,
  lsquo: DROPPED,
  rsquo: DROPPED,
  backslash: DROPPED,
  'two-colons': DROPPED,
  'two-semicolons': DROPPED,
  cpp: 'C++',
  cxx: 'C++',
  pp: DROPPED,
  blank: '',
}

/** Stand-in for a passthrough's content while the other substitutions run (a private-use character). */
const HELD = '\uE000'

/** What the converted title reduces to once tags are gone: the text a reader sees. */
export function plainTitle(title: string, attributes: ReadonlyMap<string, string>): string {
  // Plain words need none of the substitutions below.
  if (/^[\p{Alphabetic}\p{N} ,?!]*$/u.test(title)) return title
  // Passthroughs keep their content verbatim: it is held aside until the end, so that neither
  // special characters nor macros touch it (`pass:[<b>x</b>]` gives `x` once tags are stripped).
  const held: string[] = []
  let text = title.replace(/\+\+\+([\s\S]*?)\+\+\+|\$\$([\s\S]*?)\$\$|pass:[a-z,]*\[([\s\S]*?)\]/g, (_m, a, b, c) => {
    held.push(a ?? b ?? c ?? '')
    return HELD
  })
  // An xref shows its text, or `[id]` when Asciidoctor cannot resolve it at parse time.
  text = text.replace(/<<([^,>]+)(?:,\s*([^>]*))?>>/g, (_m, target: string, label?: string) => label ?? `[${target}]`)
  // Arrows are replacements Asciidoctor makes on the escaped text (`-&gt;`): one entity each,
  // dropped from the id, so `a->b` gives `_ab`. Taken before `<`/`>` become entities below.
  text = text.replace(/->|=>|<-|<=/g, DROPPED)
  // Special characters become entities, which the id drops; a character reference written in
  // the source (`&amp;`, `&#169;`, `&#x00A9;`) is restored by Asciidoctor's replacements and
  // dropped as well. One pass, so that the `&` of a stand-in is not replaced again.
  text = text.replace(CHARACTER_REFERENCE, DROPPED)
  text = text.replace(
    /\\?\{([\p{Alphabetic}\p{N}_][\p{Alphabetic}\p{N}_-]*|counter2?:[^}]*)\}/gu,
    (whole, name: string) => {
      if (whole.startsWith('\\')) return whole.slice(1)
      if (name.startsWith('counter')) return substituteReferences(whole, attributes)
      const character = CHARACTER_ATTRIBUTES[name.toLowerCase()]
      const value = attributes.get(name.toLowerCase())
      // Asciidoctor stores values with special characters already escaped, so they vanish too.
      return value !== undefined ? value.replace(CHARACTER_REFERENCE, DROPPED) : (character ?? whole)
    },
  )
  // Inline anchors and images leave nothing visible; an icon without `:icons:` shows `[name]`
  // (the brackets are dropped from the id); link and xref macros leave their text.
  text = text.replace(/\[\[[^\]]*\]\]|anchor:[^\s[]+\[[^\]]*\]/g, '')
  text = text.replace(/image:[^:\s[][^\s[]*\[[^\]]*\]/g, '')
  text = text.replace(/icon:([^\s[]+)\[[^\]]*\]/g, '$1')
  text = text.replace(
    /(?:link:|mailto:)?((?:https?|ftp|irc|file):\/\/[^\s[\]]+|[^\s[\]:]+)\[([^\]]*)\]/g,
    (whole, target: string, label: string) =>
      /^(?:link:|mailto:|https?:|ftp:|irc:|file:)/.test(whole) ? (label === '' ? target : label) : whole,
  )
  text = text.replace(/xref:[^\s[]+\[([^\]]*)\]/g, (_m, label: string) => label)
  // Replacements (typography): each becomes an entity, so the characters disappear.
  text = text.replace(/\((?:C|R|TM)\)/g, DROPPED)
  text = text.replace(/(^| )--( |$)/g, DROPPED)
  text = text.replace(/([\p{Alphabetic}\p{N}_])--(?=[\p{Alphabetic}\p{N}_])/gu, `$1${DROPPED}`)
  text = text.replace(/\.\.\./g, DROPPED)
  // Emphasis with underscores: the marks are word characters, so they must go explicitly.
  text = text.replace(/__(.+?)__/g, '$1')
  text = text.replace(/(^|[^\p{Alphabetic}\p{N}_;:}])(?:\[[^\]]*\])?_(\S|\S.*?\S)_(?![\p{Alphabetic}\p{N}_])/gu, '$1$2')
  let next = 0
  return text.replace(/\uE000/g, () => held[next++] ?? '')
}

/** `_section_title`: the id Asciidoctor gives a section without an explicit one. */
export function generateSectionId(
  title: string,
  attributes: ReadonlyMap<string, string>,
  registered: ReadonlySet<string>,
): string {
  const prefix = attributes.get('idprefix') ?? '_'
  const separator = (attributes.get('idseparator') ?? '_').slice(0, 1)
  const lowered = plainTitle(title, attributes).toLowerCase().replace(INVALID_ID_CHARS, '')
  let id = `${prefix}${lowered}`
  if (separator === '') id = id.replace(/ /g, '')
  else {
    // Spaces, `.`, `-` and the separator become one separator; a trailing one goes.
    const runs = separatorRuns(separator)
    id = id.replace(runs, separator)
    if (id.endsWith(separator)) id = id.slice(0, -1)
    if (prefix === '' && id.startsWith(separator)) id = id.slice(1)
  }
  // Asciidoctor.js 4.1 takes an empty id as none: it is neither registered nor numbered (`== !`).
  if (id === '' || !registered.has(id)) return id
  for (let n = 2; ; n++) {
    const candidate = `${id}${separator}${n}`
    if (!registered.has(candidate)) return candidate
  }
}

const RUNS = new Map<string, RegExp>()
function separatorRuns(separator: string): RegExp {
  let runs = RUNS.get(separator)
  if (!runs) {
    runs = new RegExp(`[ .\\-${separator === '-' || separator === '.' ? '' : escapeClass(separator)}]+`, 'g')
    RUNS.set(separator, runs)
  }
  return runs
}

function escapeClass(c: string): string {
  return c.replace(/[\\\]^-]/g, x => `\\${x}`)
}

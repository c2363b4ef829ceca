// A block attribute list (`[qanda]`, `["qanda"]`, `[style=qanda]`, `[source,ruby]`, `[#id.role]`)
// read as Asciidoctor's `AttributeList.parse` and `Parser.parseStyleAttribute` read it, reduced
// to what the scanner needs: the first positional attribute, and the named `style` and `id`.

const WORD = String.raw`\p{Alphabetic}\p{N}\p{Pc}`
const NAME = new RegExp(String.raw`[${WORD}][${WORD}\-]*`, 'uy')
const BLANK = /[ \t]+/y
const TO_DELIMITER = /.*?(?=[ \t]*(,|$))/y
const DELIMITER = /[ \t]*(,|$)/y
const TO_QUOTE: Record<string, RegExp> = { '"': /.*?[^\\](?=")/y, "'": /.*?[^\\](?=')/y }

export interface AttributeList {
  /** The first positional attribute as written (`qanda`, `#id.role`, `source`), if any. */
  first: string | null
  /** The named `style=` and `id=` attributes, the last one written winning. */
  style: string | null
  id: string | null
}

/** A cursor over the attribute list, like the StringScanner Asciidoctor's port uses. */
class Scanner {
  position = 0
  constructor(readonly source: string) {}
  eos(): boolean {
    return this.position >= this.source.length
  }
  scan(pattern: RegExp): string | null {
    pattern.lastIndex = this.position
    const match = pattern.exec(this.source)
    if (!match) return null
    this.position += match[0].length
    return match[0]
  }
  next(): string | undefined {
    return this.position < this.source.length ? this.source[this.position++] : undefined
  }
}

/** A quoted value: up to the matching unescaped quote, or (unclosed) the quote and what follows. */
function quoted(scanner: Scanner, quote: string): string {
  if (scanner.source[scanner.position] === quote) {
    scanner.position++
    return ''
  }
  const value = scanner.scan(TO_QUOTE[quote] as RegExp)
  if (value !== null) {
    scanner.position++
    return value.includes('\\') ? value.replaceAll(`\\${quote}`, quote) : value
  }
  return `${quote}${scanner.scan(TO_DELIMITER) ?? ''}`
}

export function parseAttributeList(source: string): AttributeList {
  const result: AttributeList = { first: null, style: null, id: null }
  const scanner = new Scanner(source)
  for (let index = 0; ; index++) {
    scanner.scan(BLANK)
    const peeked = scanner.source[scanner.position]
    let name: string | null
    let value: string | undefined
    let more = true
    let none = false
    if (peeked === '"' || peeked === "'") {
      scanner.position++
      name = quoted(scanner, peeked)
    } else {
      name = scanner.scan(NAME)
      const skipped = name !== null ? (scanner.scan(BLANK)?.length ?? 0) : 0
      if (scanner.eos()) {
        if (name === null && !source.trimEnd().endsWith(',')) break
        more = false
      } else {
        const c = scanner.next() as string
        if (c === ',') scanner.position--
        else if (name !== null && c === '=') {
          scanner.scan(BLANK)
          const v = scanner.next()
          if (v === '"' || v === "'") value = quoted(scanner, v)
          else if (v === ',') {
            value = ''
            scanner.position--
          } else if (v === undefined) value = ''
          else {
            value = `${v}${scanner.scan(TO_DELIMITER) ?? ''}`
            // An unquoted `None` makes Asciidoctor skip the attribute.
            none = value === 'None'
          }
        } else if (name !== null) name = `${name}${' '.repeat(skipped)}${c}${scanner.scan(TO_DELIMITER) ?? ''}`
        else name = `${c}${scanner.scan(TO_DELIMITER) ?? ''}`
      }
    }
    if (value !== undefined) {
      if (name === 'style' && !none) result.style = value
      else if (name === 'id' && !none) result.id = value
    } else if (index === 0) result.first = name
    if (!more || scanner.eos()) break
    scanner.scan(DELIMITER)
  }
  return result
}

/**
 * Asciidoctor's `parseStyleAttribute` on the first positional attribute: `qanda#id.role%opt`
 * gives style `qanda` and id `id`; a value with a space is a style as written.
 */
export function shorthandOf(first: string): { style: string | null; id: string | null } {
  if (first.includes(' ') || !/[#.%]/.test(first)) return { style: first, id: null }
  let style: string | null = null
  let id: string | null = null
  let kind = ''
  let from = 0
  const take = (to: number): void => {
    const value = first.slice(from, to)
    if (kind === '' && value !== '') style = value
    else if (kind === '#' && value !== '') id = value
  }
  for (let index = 0; index < first.length; index++) {
    const c = first[index] as string
    if (c !== '#' && c !== '.' && c !== '%') continue
    take(index)
    kind = c
    from = index + 1
  }
  take(first.length)
  return { style, id }
}

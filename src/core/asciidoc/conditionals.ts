// Preprocessor conditionals (`ifdef::`, `ifndef::`, `ifeval::`, `endif::`), ported from
// Asciidoctor 4.1's PreprocessorReader (`processLine`, `preprocessConditionalDirective`).
//
// Like Asciidoctor, this runs lazily, line by line, as the parser first looks at each line, so a
// condition sees the attributes defined above it (header and body entries, `:name!:` unsets).
// Lines of an excluded region and the directive lines themselves do not exist for the parser;
// every other line keeps its source line number (Asciidoctor.js 4.1 itself counts one line too
// many after a single-line `ifdef::name[text]`; the scanner does not copy that). Lines read
// without processing (comment blocks) are not looked at, as in Asciidoctor.

import { substituteReferences } from './document-attributes.js'
import type { Entry } from './reader.js'
import { classify, type Sink } from './sink.js'

const DIRECTIVE = /^(\\)?(ifdef|ifndef|ifeval|endif)::(\S*?(?:([,+])\S*?)?)\[(.+)?\]$/
const EXPRESSION = /^(.+?) *([=!><]=|[><]) *(.+)$/

interface Frame {
  /** The attribute names as written (lower-cased); undefined for ifeval, which only `endif::[]` closes. */
  target: string | undefined
  skipping: boolean
  /** Where the directive is, and its line as written, for the problem when it is never closed. */
  line: number
  directive: string
}

/** Only a line starting like a directive can be one: most notes have none and skip the preprocessor. */
export function mayHaveDirectives(lines: readonly string[]): boolean {
  for (const line of lines) {
    const c = line.charCodeAt(0)
    if ((c === 105 || c === 101 || c === 92) && line.endsWith(']') && /^\\?(?:ifn?def|ifeval|endif)::/.test(line))
      return true
  }
  return false
}

/** Asciidoctor's `resolveExprVal`: a quoted string, or a number, boolean or nothing. */
function operand(raw: string, attributes: ReadonlyMap<string, string>): string | number | boolean | null {
  let value = raw
  const quoted =
    value.length >= 2 &&
    ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'")))
  if (quoted) value = value.slice(1, -1)
  if (value.includes('{')) value = substituteReferences(value, attributes, 'drop')
  if (quoted) return value
  if (value === '') return null
  if (value === 'true') return true
  if (value === 'false') return false
  if (value.trimEnd() === '') return ' '
  return value.includes('.') ? Number.parseFloat(value) : Number.parseInt(value, 10)
}

/** Asciidoctor's `evalOp`, with JavaScript's comparisons (as Asciidoctor.js has them). */
function holds(expression: string, attributes: ReadonlyMap<string, string>): boolean {
  const match = EXPRESSION.exec(expression.trim()) as RegExpExecArray
  const left = operand(match[1] ?? '', attributes)
  const right = operand(match[3] ?? '', attributes)
  // Asciidoctor throws on a boolean compared with anything else, and then skips the region.
  if ((typeof left === 'boolean') !== (typeof right === 'boolean')) return false
  const l = left as number
  const r = right as number
  switch (match[2]) {
    case '==':
      return left === right
    case '!=':
      return left !== right
    case '<':
      return l < r
    case '>':
      return l > r
    case '<=':
      return l <= r
    case '>=':
      return l >= r
    default:
      return false
  }
}

/** The note's lines as the parser receives them, with the conditionals applied. */
export class ConditionalLines {
  private next = 0
  private readonly stack: Frame[] = []
  private skipping = false

  constructor(private readonly sink: Sink) {}

  /** The next line that exists for the parser; `raw` reads the next source line as it is. */
  pull(raw: boolean): Entry | undefined {
    const lines = this.sink.lines
    while (this.next < lines.length) {
      const line = this.next + 1
      const text = lines[this.next++] as string
      if (raw) return { text, line }
      const kept = this.process(text, line)
      if (kept !== null) return { text: kept, line }
    }
    return undefined
  }

  private drop(line: number, cls: 'markup' | 'comment'): null {
    this.sink.hidden.add(line)
    if (this.sink.lines[line - 1] !== '') classify(this.sink, line, cls)
    return null
  }

  /**
   * After the last line: each conditional never closed is a problem of the note, at its line,
   * in Asciidoctor's words (outermost first, as it logs them). The region it opened ran to the
   * note's end, so whatever it excluded (links, items) is missing from the model without it.
   */
  finish(): void {
    for (const frame of this.stack)
      this.sink.problems.push({
        line: frame.line,
        message: `detected unterminated preprocessor conditional directive: ${frame.directive}`,
      })
    this.stack.length = 0
  }

  /** The text the parser sees for this line, or null when the line does not exist for it. */
  private process(text: string, line: number): string | null {
    if (text === '') return this.skipping ? this.drop(line, 'comment') : text
    const match =
      text.endsWith(']') && !text.startsWith('[') && text.includes('::') && text.includes('if')
        ? DIRECTIVE.exec(text)
        : null
    if (match) {
      // An escaped directive is text, even in an excluded region (as in Asciidoctor).
      if (match[1] === '\\') return text.slice(1)
      const replacement = this.directive(match[2] as string, match[3] ?? '', match[4] ?? null, match[5] ?? null, {
        line,
        text,
      })
      if (replacement === null) return this.drop(line, 'markup')
      // `ifdef::name[text]` that holds: the line is the text, which is looked at again.
      this.sink.lines[line - 1] = replacement
      return this.process(replacement, line)
    }
    return this.skipping ? this.drop(line, 'comment') : text
  }

  /** Applies one directive; returns the text of a single-line directive that holds, else null. */
  private directive(
    name: string,
    rawTarget: string,
    delimiter: string | null,
    text: string | null,
    at: { line: number; text: string },
  ): string | null {
    const target = rawTarget.toLowerCase()
    if (name === 'endif') {
      const top = this.stack[this.stack.length - 1]
      // A stray or mismatched endif, or one with text, is reported by Asciidoctor and ignored.
      if (text || top === undefined || (target !== '' && target !== top.target)) return null
      this.stack.pop()
      this.skipping = this.stack[this.stack.length - 1]?.skipping ?? false
      return null
    }
    const attributes = this.sink.attributes
    let skip: boolean
    if (this.skipping) {
      if (name === 'ifeval' ? !(target === '' && text && EXPRESSION.test(text.trim())) : target === '') return null
      skip = false
    } else if (name === 'ifeval') {
      if (target !== '' || !text || !EXPRESSION.test(text.trim())) return null
      skip = !holds(text, attributes)
    } else {
      if (target === '') return null
      const names = delimiter === null ? [target] : target.split(delimiter)
      const defined = delimiter === '+' ? names.every(n => attributes.has(n)) : names.some(n => attributes.has(n))
      skip = name === 'ifdef' ? !defined : defined
    }
    if (name !== 'ifeval' && text) {
      return !this.skipping && !skip ? text.trimEnd() : null
    }
    if (skip) this.skipping = true
    this.stack.push({
      target: name === 'ifeval' ? undefined : target,
      skipping: this.skipping,
      line: at.line,
      directive: at.text,
    })
    return null
  }
}

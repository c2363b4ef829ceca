// Where a text's bytes stop being UTF-8. A decoder that is not `fatal` puts U+FFFD in place of
// each invalid sequence, but a note may also hold U+FFFD itself (its bytes EF BF BD): only the
// bytes tell the two apart, and only at the places where the text has one.

/** Where the first invalid byte sequence of a file stands: 1-based line and column (in UTF-16 units of the text), byte offset, the byte. */
export interface InvalidUtf8 {
  line: number
  column: number
  offset: number
  byte: number
}

const REPLACEMENT = '\uFFFD'

/**
 * The first invalid sequence of `bytes`, given `text`, their decoding with U+FFFD for each
 * invalid sequence (as TextDecoder and Buffer#toString decode, a byte-order mark kept); null when
 * every U+FFFD of the text is one written as such. Every character before the first invalid
 * sequence was decoded from valid bytes, so the byte offset is the UTF-8 length of the text up to it.
 */
export function firstInvalidUtf8(text: string, bytes: Uint8Array): InvalidUtf8 | null {
  let offset = 0
  let from = 0
  for (let at = text.indexOf(REPLACEMENT); at >= 0; at = text.indexOf(REPLACEMENT, at + 1)) {
    offset += utf8Length(text, from, at)
    if (bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd) {
      offset += 3
      from = at + 1
      continue
    }
    const lineStart = text.lastIndexOf('\n', at - 1) + 1
    return { line: lineOf(text, lineStart), column: at - lineStart + 1, offset, byte: bytes[offset] ?? 0 }
  }
  return null
}

/** The UTF-8 length of `text` from `from` to `to` (no lone surrogate: the text was decoded). */
function utf8Length(text: string, from: number, to: number): number {
  let length = 0
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i)
    // A surrogate pair is 4 bytes: 2 for each half.
    length += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 2 : 3
  }
  return length
}

/** The 1-based line of the character at `at` (newlines before it, plus one). */
function lineOf(text: string, at: number): number {
  let line = 1
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line++
  return line
}

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { firstInvalidUtf8 } from '../../src/core/utf8.js'

// A note may hold U+FFFD itself (EF BF BD); only bytes that are no UTF-8 are a finding.

const decode = (bytes: Uint8Array): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
const at = (bytes: number[]) => firstInvalidUtf8(decode(new Uint8Array(bytes)), new Uint8Array(bytes))
const utf8 = (text: string): number[] => [...new TextEncoder().encode(text)]

describe('firstInvalidUtf8', () => {
  it('is null for valid UTF-8, U+FFFD written as such and a byte-order mark included', () => {
    expect(at([0xef, 0xbb, 0xbf, ...utf8('= Café �\n😀 \uFFFD\n')])).toBeNull()
    expect(at([])).toBeNull()
  })

  it('finds the first invalid sequence after written U+FFFDs, astral characters and lines, by line, column and byte', () => {
    const before = utf8('= T\n😀 \uFFFD ok\nCaf')
    expect(at([...before, 0xe9, 0x21, 0x0a, 0xff])).toEqual({ line: 3, column: 4, offset: before.length, byte: 0xe9 })
  })

  it('finds an overlong form, a surrogate, a stray continuation byte and a sequence cut by the end', () => {
    expect(at([0x41, 0xc0, 0xaf])).toMatchObject({ line: 1, column: 2, offset: 1, byte: 0xc0 })
    expect(at([0x0a, 0xed, 0xa0, 0x80])).toMatchObject({ line: 2, column: 1, offset: 1, byte: 0xed })
    expect(at([0x80])).toMatchObject({ line: 1, column: 1, offset: 0, byte: 0x80 })
    expect(at([...utf8('ab\r\nc'), 0xe2, 0x82])).toMatchObject({ line: 2, column: 2, offset: 5, byte: 0xe2 })
  })

  it('agrees with a fatal decoder on any bytes: null exactly when they are UTF-8, else the first bad offset', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
    const valid = (bytes: Uint8Array): boolean => {
      try {
        fatal.decode(bytes)
        return true
      } catch {
        return false
      }
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 10 }), (noise, text) => {
        const bytes = new Uint8Array([...utf8(text), ...noise])
        const found = firstInvalidUtf8(decode(bytes), bytes)
        expect(found === null).toBe(valid(bytes))
        // The bytes before the place found are UTF-8; with the byte there they are not.
        if (found !== null) {
          expect(valid(bytes.subarray(0, found.offset))).toBe(true)
          expect(bytes[found.offset]).toBe(found.byte)
        }
      }),
    )
  })
})

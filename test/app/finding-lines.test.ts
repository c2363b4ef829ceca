import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { findingLines, linesOfFile } from '../../src/app/note-texts.js'
import { LOG_PATH } from '../../src/core/corpus.js'
import { lineLookup } from '../../src/core/report/index.js'
import type { Finding } from '../../src/core/types.js'
import type { Vault } from '../../src/ports/vault.js'

// A report quotes the lines its findings point at. The review log's are read as the file streams
// by, never its whole text (a clock behind by half a year quotes 165,000 of a million lines, and
// the log's 67 MB text with its line index was most of the report's peak): they must be the
// lines the lookup over the whole text gives, whatever the bytes and wherever the chunks end.

/** A vault whose one file comes in chunks of the given sizes, through one reused buffer, as a disk's. */
function chunkedVault(path: string, bytes: Uint8Array, sizes: readonly number[]): Vault {
  return {
    ...memoryVault(),
    async readChunks(asked) {
      if (asked !== path) return null
      async function* chunks(): AsyncGenerator<Uint8Array> {
        const buffer = new Uint8Array(Math.max(1, ...sizes))
        let at = 0
        for (let k = 0; at < bytes.length; k++) {
          const size = sizes[k % sizes.length] as number
          const chunk = bytes.subarray(at, at + size)
          buffer.set(chunk)
          at += chunk.length
          yield buffer.subarray(0, chunk.length)
        }
      }
      return { size: bytes.length, chunks: chunks() }
    },
  }
}

// Lines of bytes a log may hold: JSON, CRLF, a BOM, bytes that are not UTF-8, two- to four-byte characters.
const piece = fc.oneof(
  fc
    .constantFrom('\n', '\r\n', '\r', '\ufeff', '{"item":"a#x"}', 'é', '日本', '😀', ' ', '')
    .map(s => new TextEncoder().encode(s)),
  fc
    .constantFrom([0xff], [0xc3], [0xe6, 0x97], [0xf0, 0x9f, 0x98], [0x80, 0x80], [0xef, 0xbb, 0xbf])
    .map(b => Uint8Array.from(b)),
  fc.uint8Array({ maxLength: 6 }),
)
const file = fc.array(piece, { maxLength: 30 }).map(pieces => {
  const bytes = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of pieces) {
    bytes.set(p, at)
    at += p.length
  }
  return bytes
})

describe('the lines of the log a report quotes', () => {
  it('are the lines of its whole text, wherever the chunks end and whatever the bytes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        file,
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: -1, max: 14 }), { maxLength: 12 }),
        async (bytes, sizes, wanted) => {
          // The Node vault's read: Buffer's UTF-8 decoding, a BOM kept (the lookup leaves it out).
          const whole = lineLookup(new Map([[LOG_PATH, Buffer.from(bytes).toString('utf8')]]))
          const lines = await linesOfFile(chunkedVault(LOG_PATH, bytes, sizes), LOG_PATH, wanted)
          for (const line of [...wanted, 1, 2])
            expect(lines?.get(line) ?? null, `line ${line}`).toBe(wanted.includes(line) ? whole(LOG_PATH, line) : null)
        },
      ),
      { numRuns: 500 },
    )
  })

  it("reads the log in chunks, never its whole text, and the notes' lines as before", async () => {
    const log = ['{"item":"a#x","date":"2026-06-02","grade":"good"}', 'not json', '{"item":"b#y"}'].join('\n')
    const vault = memoryVault({ [LOG_PATH]: `${log}\n`, 'internalise/a.adoc': '= A\n:intent: internalise\n' })
    const read = vault.read.bind(vault)
    vault.read = async path => {
      if (path === LOG_PATH) throw new Error('the log was read whole')
      return read(path)
    }
    const at = (file: string, line: number): Finding => ({
      rule: 'leech',
      severity: 'warning',
      file,
      line,
      message: 'm',
    })
    const lineText = await findingLines(vault, [at(LOG_PATH, 3), at(LOG_PATH, 1), at('internalise/a.adoc', 2)])
    expect(lineText(LOG_PATH, 1)).toBe('{"item":"a#x","date":"2026-06-02","grade":"good"}')
    expect(lineText(LOG_PATH, 3)).toBe('{"item":"b#y"}')
    // Only the lines findings point at are kept.
    expect(lineText(LOG_PATH, 2)).toBeNull()
    expect(lineText('internalise/a.adoc', 2)).toBe(':intent: internalise')
  })

  it('keeps thousands of lines, over several blocks, one line longer than a block, each as written', async () => {
    const lines = Array.from({ length: 15_000 }, (_, i) =>
      i === 7000
        ? `{"item":"${'é'.repeat(200_000)}"}`
        : JSON.stringify({ item: `d#é${i}`, date: '2026-06-02', grade: 'good' }),
    )
    const vault = memoryVault({ [LOG_PATH]: `${lines.join('\r\n')}\n` })
    const wanted = lines.map((_, i) => i + 1).filter(line => line % 3 !== 0)
    const kept = await linesOfFile(vault, LOG_PATH, wanted)
    for (let line = 1; line <= lines.length + 1; line++)
      expect(kept?.get(line) ?? null).toBe(line % 3 !== 0 && line <= lines.length ? lines[line - 1] : null)
  })

  it('quotes nothing of a log that is gone, or fails while it is read', async () => {
    expect(await linesOfFile(memoryVault(), LOG_PATH, [1])).toBeNull()
    const failing: Vault = {
      ...memoryVault(),
      async readChunks() {
        async function* chunks(): AsyncGenerator<Uint8Array> {
          yield new TextEncoder().encode('{"item":"a#x"}\n{"it')
          throw new Error('EIO')
        }
        return { chunks: chunks() }
      },
    }
    expect(await linesOfFile(failing, LOG_PATH, [1, 2])).toBeNull()
  })
})

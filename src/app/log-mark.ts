import type { Aliases } from '../core/aliases.js'
import { LOG_PATH, type LogFileMark } from '../core/corpus.js'
import type { ReviewLog } from '../core/log/review-log.js'
import type { Vault } from '../ports/vault.js'
import { readReviewLog } from './read-log.js'

/**
 * The log read into a ReviewLog (read-log.ts), and what a writer needs to know of the file it
 * read (core/corpus.ts `LogFileMark`): its size, taken before the read, so that a line another
 * writer adds in between makes the file look changed since, never unchanged; its lines, counted
 * as the bytes or the text go by. The mark is null when the host cannot say sizes.
 */
export async function readLogAndMark(
  vault: Vault,
  aliases: Aliases,
): Promise<{ log: ReviewLog; mark: LogFileMark | null }> {
  const bytes = vault.stat ? ((await vault.stat(LOG_PATH))?.size ?? 0) : null
  const seen: Seen = { text: null, newlines: 0, last: -1, units: 0, chunked: false }
  // Only a whole-file host appends by comparing texts (log-writer.ts): count UTF-16 units for it.
  const countUnits = vault.createExclusive === undefined
  const watching: Vault = new Proxy(vault, {
    get(target, property, receiver) {
      if (property === 'read')
        return async (path: string) => {
          const text = await target.read(path)
          if (path === LOG_PATH) seen.text = text
          return text
        }
      if (property === 'readChunks' && target.readChunks !== undefined)
        return async (path: string) => {
          const read = await target.readChunks?.(path)
          if (read === null || read === undefined || path !== LOG_PATH) return read ?? null
          seen.chunked = true
          return { ...read, chunks: counted(read.chunks, seen, countUnits) }
        }
      const value: unknown = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  const log = await readReviewLog(watching, aliases)
  if (bytes === null) return { log, mark: null }
  if (!seen.chunked) return { log, mark: logMark(bytes, seen.text) }
  const endsWithNewline = seen.last === -1 || seen.last === 0x0a
  const lines = seen.newlines + (endsWithNewline ? 0 : 1)
  return { log, mark: { bytes, chars: countUnits ? seen.units : -1, lines, endsWithNewline } }
}

interface Seen {
  text: string | null
  newlines: number
  last: number
  units: number
  chunked: boolean
}

async function* counted(chunks: AsyncIterable<Uint8Array>, seen: Seen, countUnits: boolean): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) {
    for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, at + 1)) seen.newlines++
    if (chunk.length > 0) seen.last = chunk[chunk.length - 1] as number
    if (countUnits) {
      // UTF-16 units of the decoded text: one per character, two for one outside the BMP.
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i] as number
        if ((byte & 0xc0) !== 0x80) seen.units++
        if (byte >= 0xf0) seen.units++
      }
    }
    yield chunk
  }
}

/** The mark of a log read as text (null: no file). */
export function logMark(bytes: number, text: string | null): LogFileMark {
  if (text === null || text.length === 0) return { bytes: 0, chars: 0, lines: 0, endsWithNewline: true }
  let lines = 0
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++
  const endsWithNewline = text.endsWith('\n')
  return { bytes, chars: text.length, lines: endsWithNewline ? lines : lines + 1, endsWithNewline }
}

/** The UTF-8 size of a text (the log's lines are mostly ASCII). */
export function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    // A surrogate pair is 4 bytes: 2 for each half.
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 2 : 3
  }
  return bytes
}

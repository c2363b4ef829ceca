import type { LogFileMark } from '../core/corpus.js'
import { LOG_PATH } from '../core/corpus.js'
import type { Vault } from '../ports/vault.js'

/**
 * The log's size, then its text. In that order: a line another writer adds in between makes the
 * file look changed since the read (it is read again), never unchanged. The size is null when
 * the host cannot say it.
 */
export async function logBytesThenText(vault: Vault): Promise<[number | null, string | null]> {
  const bytes = vault.stat ? ((await vault.stat(LOG_PATH))?.size ?? 0) : null
  return [bytes, await vault.read(LOG_PATH)]
}

/** What a writer needs to know of the log it read (core/corpus.ts): null without a size. */
export function logMark(bytes: number | null, text: string | null): LogFileMark | null {
  if (bytes === null) return null
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

import { LOG_PATH } from '../core/corpus.js'
import { type LineText, lineLookup } from '../core/report/lines.js'
import type { Finding } from '../core/types.js'
import type { Vault } from '../ports/vault.js'

// A loaded corpus holds note models, not texts (32 MB for 10,000 notes, and a warm load reads
// no note at all). The operations that look at prose read what they need, here: the hygiene
// sweep and backlinks every note's text, a report only the files its findings point at.

/** Reads in flight at once, as loadCorpus does. */
const READS_IN_FLIGHT = 32

/** The texts of `paths` as they are now; a file that is gone or cannot be read is left out (the load reported it). */
export async function readNoteTexts(vault: Vault, paths: readonly string[]): Promise<Map<string, string>> {
  const found = new Array<string | null>(paths.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < paths.length) {
      const index = next++
      found[index] = await vault.read(paths[index] as string).catch(() => null)
    }
  }
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, paths.length) }, worker))
  const texts = new Map<string, string>()
  paths.forEach((path, index) => {
    const text = found[index]
    if (text !== null && text !== undefined) texts.set(path, text)
  })
  return texts
}

/**
 * The line lookup a report needs for `findings`: only the files they point at are read. The
 * review log is read as it streams by, and only the lines findings point at are kept: a clock
 * behind by half a year gives a `log-future-date` finding for 165,000 of a million lines, and
 * the log's whole text (67 MB, with its index of line starts) was most of the report's peak.
 */
export async function findingLines(vault: Vault, findings: readonly Finding[]): Promise<LineText> {
  const files = new Set<string>()
  const logLines: number[] = []
  for (const finding of findings) {
    if (!finding.file || finding.line === undefined) continue
    if (finding.file === LOG_PATH && vault.readChunks) logLines.push(finding.line)
    else files.add(finding.file)
  }
  const notes = lineLookup(await readNoteTexts(vault, [...files]))
  if (logLines.length === 0) return notes
  const log = await linesOfFile(vault, LOG_PATH, logLines)
  return (file, line) => (file === LOG_PATH ? (log?.get(line) ?? null) : notes(file, line))
}

/**
 * Lines `wanted` (1-based) of a file read in chunks, as `lineLookup` over its text gives them:
 * no `\n`, one final `\r` and line 1's BOM left out, a final newline starting no line, an empty
 * file one empty line. A line past the end is not in the map, nor is any when the file is gone
 * or cannot be read (the load reported it). Lines are split on the byte 10, which never occurs
 * inside a UTF-8 sequence, and each is decoded alone, replacing bad bytes as a decode of the
 * whole text does.
 */
export async function linesOfFile(
  vault: Vault,
  path: string,
  wanted: readonly number[],
): Promise<Map<number, string> | null> {
  const targets = Int32Array.from(new Set(wanted)).sort()
  const lines = new Map<number, string>()
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
  const keep = (line: number, bytes: Uint8Array): void => {
    const end = bytes.length > 0 && bytes[bytes.length - 1] === 13 ? bytes.length - 1 : bytes.length
    const text = decoder.decode(bytes.subarray(0, end))
    lines.set(line, line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  }
  try {
    const source = await vault.readChunks?.(path)
    if (!source) return null
    let line = 1
    let w = 0
    while (w < targets.length && (targets[w] as number) < 1) w++
    // The bytes of a wanted line begun in an earlier chunk (chunks reuse one buffer: copies).
    let begun: Uint8Array[] | null = null
    let seen = 0
    for await (const chunk of source.chunks) {
      seen += chunk.length
      let at = 0
      while (at < chunk.length && w < targets.length) {
        const newline = chunk.indexOf(10, at)
        if (line === targets[w]) {
          if (newline < 0) {
            ;(begun ??= []).push(chunk.slice(at))
            break
          }
          const piece = chunk.subarray(at, newline)
          keep(line, begun === null ? piece : joined([...begun, piece]))
          begun = null
          w++
        }
        if (newline < 0) break
        at = newline + 1
        line++
      }
      // Every wanted line is kept: the rest of the file is not read (the loop's end closes it).
      if (w >= targets.length) break
    }
    // The last line, with no newline after it; an empty file is one empty line.
    if (begun !== null) keep(line, joined(begun))
    else if (seen === 0 && targets[w] === 1) keep(1, new Uint8Array(0))
    return lines
  } catch {
    return null
  }
}

function joined(pieces: readonly Uint8Array[]): Uint8Array {
  if (pieces.length === 1) return pieces[0] as Uint8Array
  let length = 0
  for (const piece of pieces) length += piece.length
  const bytes = new Uint8Array(length)
  let at = 0
  for (const piece of pieces) {
    bytes.set(piece, at)
    at += piece.length
  }
  return bytes
}

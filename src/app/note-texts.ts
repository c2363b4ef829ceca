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
 * file one empty line. A line past the end is not kept, nor is any when the file is gone or
 * cannot be read (the load reported it). Lines are split on the byte 10, which never occurs
 * inside a UTF-8 sequence, and each is decoded alone, replacing bad bytes as a decode of the
 * whole text does.
 */
export async function linesOfFile(vault: Vault, path: string, wanted: readonly number[]): Promise<KeptLines | null> {
  const targets = Int32Array.from(new Set(wanted)).sort()
  const kept = new KeptLines(targets)
  try {
    const source = await vault.readChunks?.(path)
    if (!source) return null
    let line = 1
    let w = 0
    while (w < targets.length && (targets[w] as number) < 1) w++
    // Whether wanted line `targets[w]` is begun: its bytes so far kept, the rest in the next chunk.
    let open = false
    let seen = 0
    for await (const chunk of source.chunks) {
      seen += chunk.length
      let at = 0
      while (at < chunk.length && w < targets.length) {
        const newline = chunk.indexOf(10, at)
        if (line === targets[w]) {
          if (!open) kept.begin(w)
          open = true
          // Copied now: the next chunk reuses the buffer.
          kept.add(w, chunk.subarray(at, newline < 0 ? chunk.length : newline))
          if (newline < 0) break
          kept.end(w++)
          open = false
        }
        if (newline < 0) break
        at = newline + 1
        line++
      }
      // Every wanted line is kept: the rest of the file is not read (the loop's end closes it).
      if (w >= targets.length) break
    }
    // The last line, with no newline after it; an empty file is one empty line.
    if (open) kept.end(w)
    else if (seen === 0 && targets[w] === 1) {
      kept.begin(w)
      kept.end(w)
    }
    return kept
  } catch {
    return null
  }
}

/**
 * The lines `linesOfFile` kept: their bytes side by side in blocks of 256 KB, each line decoded
 * when it is asked for. 165,000 lines held as strings in a map were 33 MB of the heap, each kept
 * to the end of the report; as bytes they are 10 MB outside it. Blocks, not one buffer grown by
 * doubling: the copies and the half-empty last buffer were as much again.
 */
export class KeptLines {
  private readonly blocks: Uint8Array[] = []
  private block = new Uint8Array(0)
  private used = 0
  /** Each wanted line's block, and where its bytes start and end there; end -1: the file has no such line. */
  private readonly blockOf: Int32Array
  private readonly starts: Int32Array
  private readonly ends: Int32Array
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true })

  /** `targets`: the wanted lines, ascending, each once. */
  constructor(private readonly targets: Int32Array) {
    this.blockOf = new Int32Array(targets.length)
    this.starts = new Int32Array(targets.length)
    this.ends = new Int32Array(targets.length).fill(-1)
  }

  begin(index: number): void {
    this.blockOf[index] = this.blocks.length - 1
    this.starts[index] = this.used
  }

  /** More bytes of the line begun last (`index`). */
  add(index: number, piece: Uint8Array): void {
    if (this.used + piece.length > this.block.length) {
      // A new block, the line's bytes so far moved into it: a line never spans two.
      const start = this.starts[index] as number
      const line = this.block.subarray(this.blocks.length === 0 ? 0 : start, this.used)
      const block = new Uint8Array(Math.max(BLOCK_BYTES, 2 * (line.length + piece.length)))
      block.set(line)
      this.blocks.push(block)
      this.block = block
      this.used = line.length
      this.blockOf[index] = this.blocks.length - 1
      this.starts[index] = 0
    }
    this.block.set(piece, this.used)
    this.used += piece.length
  }

  /** The line ends, without its one final `\r`. */
  end(index: number): void {
    if (this.used > (this.starts[index] as number) && this.block[this.used - 1] === 13) this.used--
    this.ends[index] = this.used
  }

  /** Line `line`'s text, or undefined when it was not wanted or the file has no such line. */
  get(line: number): string | undefined {
    const { targets } = this
    let low = 0
    let high = targets.length - 1
    while (low < high) {
      const middle = (low + high) >> 1
      if ((targets[middle] as number) < line) low = middle + 1
      else high = middle
    }
    const end = this.ends[low]
    if (targets[low] !== line || end === undefined || end < 0) return undefined
    const block = this.blocks[this.blockOf[low] as number] ?? this.block
    const text = this.decoder.decode(block.subarray(this.starts[low] as number, end))
    return line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  }
}

const BLOCK_BYTES = 1 << 18

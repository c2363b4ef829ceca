import { LOG_PATH } from '../core/corpus.js'
import { ByteHash } from '../core/log/byte-hash.js'
import { Interned, ReviewColumns } from '../core/log/columns.js'
import { LogReader, type ReadLog } from '../core/log/log-reader.js'
import type { CacheStore } from '../ports/cache.js'
import { decodeLogEntry, encodeLogEntry, type LogEntry } from './log-cache-codec.js'
import { type FileStamp, RACY_MS, scanCacheKey } from './scan-cache.js'

/** The log's bytes as a host hands them (`Vault.readChunks`). */
export interface LogSource {
  size?: number
  chunks: AsyncIterable<Uint8Array>
}

/**
 * The review log read into columns once and kept (docs/adr/0025): in memory for a long-lived
 * process, and with a store between runs. It never serves a stale log. The bytes it read are
 * recorded with a hash of all of them and the file's stamp before the read; the next read is
 * - served without opening the file only when the stamp is the recorded one, its mtime older
 *   than the check by more than the racy window (as the scan cache, ADR 0022), and the file
 *   ended in a newline (so nothing of it is outside the recorded lines);
 * - otherwise the file is read: when its first `hashed` bytes hash to the recorded hash (a log
 *   only appended to), only the bytes after the last recorded line are parsed, on a reader
 *   resumed there; any other file (rewritten, truncated, merged) is parsed whole.
 * Either way the result is what reading every byte gives: the same reviews, voids, findings and
 * line counts (a property test holds the two to that).
 */
export interface LogCache {
  /** The log read through `open` (null: no file); `stamp` is the file's, taken before this call. */
  read(open: () => Promise<LogSource | null>, stamp: FileStamp | null, countUnits: boolean): Promise<ReadLog | null>
}

export interface LogCacheOptions {
  /** The store and this corpus's key in it (`logCacheKey`); none: in memory only. */
  store?: { cache: CacheStore; key: string }
  now?: () => number
  /** Hears why the stored cache was not used or not written (the CLI: with NOTEKEEPER_DEBUG). */
  debug?: (message: string) => void
}

/** A stored log cache larger than this is not written (about 9 million reviews). */
export const MAX_STORED_BYTES = 128 * 1024 * 1024

/** The store key of one corpus's log cache, beside its scan cache's. */
export function logCacheKey(corpusLocation: string): string {
  return `log-${scanCacheKey(corpusLocation).slice('scan-'.length)}`
}

export function createLogCache(options: LogCacheOptions = {}): LogCache {
  const now = options.now ?? Date.now
  const say = (message: string): void => options.debug?.(`log cache: ${message}`)
  let entry: LogEntry | null = null
  let loading: Promise<void> | null = null

  const load = async (): Promise<void> => {
    const store = options.store
    if (store?.cache.readBytes === undefined) return
    try {
      const bytes = await store.cache.readBytes(store.key)
      if (bytes === null) return
      const decoded = decodeLogEntry(store.key, bytes)
      if (typeof decoded === 'string') say(`${store.cache.description} ${decoded}; reading the whole log`)
      else entry = decoded
    } catch (error) {
      say(`cannot read ${store.cache.description}: ${messageOf(error)}; reading the whole log`)
    }
  }

  const save = async (next: LogEntry, before: LogEntry | null): Promise<void> => {
    entry = next
    const store = options.store
    if (store?.cache.writeBytes === undefined || !worthWriting(next, before)) return
    try {
      const parts = encodeLogEntry(store.key, next)
      const size = parts.reduce((sum, part) => sum + part.length, 0)
      if (size > MAX_STORED_BYTES) {
        say(`${size} bytes, over ${MAX_STORED_BYTES}: not stored`)
        await store.cache.remove(store.key)
      } else await store.cache.writeBytes(store.key, parts)
    } catch (error) {
      say(`cannot write ${store.cache.description}: ${messageOf(error)}`)
    }
  }

  return {
    async read(open, stamp, countUnits) {
      loading ??= load()
      await loading
      const known = entry !== null && (!countUnits || entry.checkpoint.units >= 0) ? entry : null
      if (known !== null && trusted(known, stamp)) return resumed(known, undefined, countUnits).end()
      const checkedAt = now()
      const source = await open()
      if (source === null) return null
      const extended = known !== null ? await extend(known, source, countUnits) : null
      let read: { reader: LogReader; hash: ByteHash; hashed: number }
      if (extended !== null) read = extended
      else {
        const again = known !== null ? await open() : source
        if (again === null) return null
        read = await readWhole(again, countUnits)
      }
      const { reader, hash, hashed } = read
      if (reader.checkpoint().bytes > 0) await save(entryOf(reader, stamp, checkedAt, hashed, hash.digest()), entry)
      return reader.end()
    },
  }
}

/** Served without a read: the stamp proves the file unchanged since every one of its bytes was read. */
function trusted(entry: LogEntry, stamp: FileStamp | null): boolean {
  const recorded = entry.stamp
  if (recorded === null || stamp === null) return false
  const same =
    recorded.size === stamp.size &&
    recorded.mtimeMs === stamp.mtimeMs &&
    (recorded.ctimeMs ?? null) === (stamp.ctimeMs ?? null)
  return (
    same &&
    stamp.mtimeMs < entry.checkedAt - RACY_MS &&
    recorded.size === entry.hashed &&
    entry.hashed === entry.checkpoint.bytes
  )
}

/** Written when it says more than the stored one: other bytes, another stamp, or a stamp now old enough to trust. */
function worthWriting(next: LogEntry, before: LogEntry | null): boolean {
  if (before === null || before.hash !== next.hash || before.hashed !== next.hashed) return true
  const a = before.stamp
  const b = next.stamp
  if (a === null || b === null) return a !== b
  if (a.size !== b.size || a.mtimeMs !== b.mtimeMs || a.ctimeMs !== b.ctimeMs) return true
  return !trusted(before, a) && trusted(next, b)
}

/** A reader resumed at the entry's checkpoint, over its own copy of the lists (the entry's arrays are never written). */
function resumed(entry: LogEntry, expectedBytes: number | undefined, countUnits: boolean): LogReader {
  const interned = new Interned()
  for (const id of entry.ids) interned.id(id)
  for (const date of entry.dates) interned.date(date)
  const columns = ReviewColumns.over(interned, entry.item, entry.date, entry.grade, entry.lineBreaks)
  const from = { columns, voids: [...entry.voids], findings: [...entry.findings], checkpoint: entry.checkpoint }
  return new LogReader(LOG_PATH, expectedBytes, { from, countUnits })
}

/**
 * The source read on a resumed reader when its first `entry.hashed` bytes are the recorded ones;
 * null when they are not (or the file is shorter): the caller then reads it whole. The bytes
 * between the entry's last line and `hashed` (an unfinished last line) are held until the hash
 * says they may be read.
 */
async function extend(
  entry: LogEntry,
  source: LogSource,
  countUnits: boolean,
): Promise<{ reader: LogReader; hash: ByteHash; hashed: number } | null> {
  if (entry.hashed === 0 || (source.size !== undefined && source.size < entry.hashed)) {
    // Decided before a byte is read: the source is given back, or the host's file stays open.
    await closeSource(source)
    return null
  }
  const hash = new ByteHash()
  const cut = entry.checkpoint.bytes
  const held = new Uint8Array(entry.hashed - cut)
  let position = 0
  let reader: LogReader | null = null
  for await (const chunk of source.chunks) {
    if (reader !== null) {
      hash.update(chunk)
      reader.push(chunk)
      position += chunk.length
      continue
    }
    const prefix = Math.min(chunk.length, entry.hashed - position)
    hash.update(chunk.subarray(0, prefix))
    // Bytes of the unfinished last line: copied, since a host may reuse its chunk buffer.
    const heldFrom = Math.max(cut - position, 0)
    if (heldFrom < prefix) held.set(chunk.subarray(heldFrom, prefix), position + heldFrom - cut)
    position += prefix
    if (position < entry.hashed) continue
    if (hash.digest() !== entry.hash) return null
    reader = resumed(entry, source.size, countUnits)
    if (held.length > 0) reader.push(held)
    const rest = chunk.subarray(prefix)
    if (rest.length > 0) {
      hash.update(rest)
      reader.push(rest)
      position += rest.length
    }
  }
  return reader === null ? null : { reader, hash, hashed: position }
}

/** Gives back a source that will not be read (what a `for await` that stops early does). */
async function closeSource(source: LogSource): Promise<void> {
  await source.chunks[Symbol.asyncIterator]().return?.()
}

/** Every byte of the source on a fresh reader, hashed on the way. */
async function readWhole(
  source: LogSource,
  countUnits: boolean,
): Promise<{ reader: LogReader; hash: ByteHash; hashed: number }> {
  const reader = new LogReader(LOG_PATH, source.size, { countUnits })
  const hash = new ByteHash()
  let hashed = 0
  for await (const chunk of source.chunks) {
    hash.update(chunk)
    reader.push(chunk)
    hashed += chunk.length
  }
  return { reader, hash, hashed }
}

/** What the cache keeps of a read: the reader's lists up to its checkpoint (views and copies, never written again). */
function entryOf(
  reader: LogReader,
  stamp: FileStamp | null,
  checkedAt: number,
  hashed: number,
  hash: string,
): LogEntry {
  const { columns, voids, findings, checkpoint } = reader.progress()
  const n = checkpoint.reviews
  return {
    stamp,
    checkedAt,
    hashed,
    hash,
    checkpoint,
    ids: columns.interned.ids.slice(0, checkpoint.ids),
    dates: columns.interned.dates.slice(0, checkpoint.dates),
    item: columns.item.subarray(0, n),
    date: columns.date.subarray(0, n),
    grade: columns.grade.subarray(0, n),
    lineBreaks: columns.breaksBefore(n),
    voids: voids.slice(0, checkpoint.voids),
    findings: findings.slice(0, checkpoint.findings),
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

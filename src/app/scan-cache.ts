import { SCANNER_VERSION } from '../core/asciidoc/scanner-version.js'
import type { NoteModel } from '../core/types.js'
import type { CacheStore } from '../ports/cache.js'
import { ByteReader, ByteWriter, u32At } from './byte-io.js'
import { PoolReader, PoolWriter } from './byte-pool.js'
import { type SumKind, sumFor, sumKindOf } from './cache-checksum.js'
import { PackedNote, packScanned } from './packed-model.js'

/** What a vault's `stat` says about a file: enough to tell, mostly without reading it, that it did not change. */
export interface FileStamp {
  size: number
  mtimeMs: number
  ctimeMs?: number
}

/**
 * The note models of earlier loads, so that a load scans only what changed (docs/adr/0022).
 * Kept in memory for a long-lived process (the plugin, `practice`) and, with a store, between
 * runs (the CLI's cache folder, the plugin's IndexedDB). A file is served from the cache
 * without being read only when its stamp (size, mtime, ctime) is the one recorded AND its mtime
 * is older than the moment its text was last checked by more than the racy window; otherwise
 * its text is read and compared by hash, so a changed file is never served stale.
 */
export interface ScanCache {
  /** Reads the store once; a missing, unreadable, damaged or older-version store is an empty cache. */
  ready(): Promise<void>
  /** The model of `path` when its stamp proves it unchanged since its text was checked; else null. */
  byStamp(path: string, stamp: FileStamp): NoteModel | null
  /** The model of `path` for this text: the cached one when the text is the one scanned, else `scan()` (a `scanNote` of it), recorded. */
  byText(path: string, text: string, stamp: FileStamp | null, scan: () => NoteModel): NoteModel
  /** Drops the entries of files not in `paths` and writes the store when anything changed. Never throws. */
  save(paths: readonly string[]): Promise<void>
}

export interface ScanCacheOptions {
  /** The store and the key of this corpus's entry in it (`scanCacheKey`); none: in memory only. */
  store?: { cache: CacheStore; key: string }
  /** The clock the racy rule compares mtimes with (ms since the epoch). */
  now?: () => number
  /** Hears, once, why the stored cache was not used or not written (the CLI: with NOTEKEEPER_DEBUG). */
  debug?: (message: string) => void
}

/**
 * How close to the last check a file's mtime may be and still be trusted without a read: file
 * systems keep mtimes to 1 ns (ext4), 1 s (HFS+, many network shares) or 2 s (FAT), so a file
 * written within 2 s of being read may have changed again with the same mtime (git's racy clean).
 */
export const RACY_MS = 2000

/** A stored cache larger than this is not written (a corpus of 10,000 notes needs about a third of it). */
export const MAX_STORED_BYTES = 64 * 1024 * 1024

/**
 * The first bytes of a stored cache; the `3` is this byte layout's (ADR 0026, with the kind of
 * its checksum since ADR 0031), the JSON one of ADR 0022 was 1.
 */
const FORMAT = 'notekeeper-scan-cache 3'

interface Entry {
  stamp: FileStamp | null
  /** When the text was last read and found to be the scanned one (the clock of `now`). */
  checkedAt: number
  length: number
  hash: string
  model: PackedNote
}

export function createScanCache(options: ScanCacheOptions = {}): ScanCache {
  const now = options.now ?? Date.now
  const entries = new Map<string, Entry>()
  let loading: Promise<void> | null = null
  let changed = false
  let replaceLegacy = false
  const say = (message: string): void => options.debug?.(`scan cache: ${message}`)

  const load = async (): Promise<void> => {
    const store = options.store
    if (!store) return
    let bytes: Uint8Array | null
    try {
      bytes = await store.cache.readBytes(store.key)
    } catch (error) {
      say(`cannot read ${store.cache.description}: ${messageOf(error)}; scanning every note`)
      return
    }
    if (bytes === null) {
      // None yet, or only the JSON form of ADR 0022: the next save removes that and writes this one.
      replaceLegacy = true
      return
    }
    const problem = restore(bytes, store.key, entries, store.cache)
    if (problem !== null) {
      entries.clear()
      changed = true
      say(`${store.cache.description} ${problem}; scanning every note`)
    }
  }

  return {
    ready() {
      loading ??= load()
      return loading
    },
    byStamp(path, stamp) {
      const entry = entries.get(path)
      if (!entry || entry.stamp === null || !sameStamp(entry.stamp, stamp)) return null
      return stamp.mtimeMs < entry.checkedAt - RACY_MS ? entry.model : null
    },
    byText(path, text, stamp, scan) {
      const entry = entries.get(path)
      const hash = textHash(text)
      const checkedAt = now()
      if (entry && entry.length === text.length && entry.hash === hash) {
        // The same text: a newer stamp or a later check lets the next load skip the read. An
        // entry without a stamp before and after is not stored (`serialize`): nothing to write.
        if (
          stamp === null
            ? entry.stamp !== null
            : !entry.stamp || !sameStamp(entry.stamp, stamp) || entry.checkedAt < checkedAt
        )
          changed = true
        entry.stamp = stamp
        entry.checkedAt = checkedAt
        return entry.model
      }
      // Packed at once: the plain model dies young, and the bytes are what a save writes.
      const model = packScanned(scan())
      // Without a stamp (a vault that cannot stat; a note a load must read every time, its bytes
      // not UTF-8) the entry is not stored: only the stored entry it replaces changes the store.
      if (stamp !== null || (entry?.stamp ?? null) !== null) changed = true
      entries.set(path, { stamp, checkedAt, length: text.length, hash, model })
      return model
    },
    async save(paths) {
      const keep = new Set(paths)
      for (const path of entries.keys()) {
        if (!keep.has(path)) {
          entries.delete(path)
          changed = true
        }
      }
      const store = options.store
      if (!store || !changed) return
      changed = false
      try {
        const parts = serialize(store.key, entries, store.cache)
        const size = parts.reduce((sum, part) => sum + part.length, 0)
        const tooLarge = size > MAX_STORED_BYTES
        // `remove` takes the entry in any form: the JSON one of ADR 0022 is never read again.
        if (tooLarge || replaceLegacy) await store.cache.remove(store.key)
        replaceLegacy = false
        if (tooLarge) say(`${size} bytes, over ${MAX_STORED_BYTES}: not stored`)
        else await store.cache.writeBytes(store.key, parts)
      } catch (error) {
        say(`cannot write ${store.cache.description}: ${messageOf(error)}`)
      }
    },
  }
}

/** The store key of one corpus: a hash of where it is (its absolute folder, the graph's path), so two corpora never share entries. */
export function scanCacheKey(corpusLocation: string): string {
  return `scan-${textHash(corpusLocation)}`
}

function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && (a.ctimeMs ?? null) === (b.ctimeMs ?? null)
}

/**
 * The stored cache: `FORMAT`, the scanner's version, the corpus key, the kind of its checksum,
 * the entry count, then per entry its path, stamp, check time, text length and hash, and its
 * model's bytes; last a 32-bit checksum of everything before it (cache-checksum.ts), so that a
 * damaged file is an empty cache, not a wrong model found later, when a field is first read.
 */
function serialize(key: string, entries: ReadonlyMap<string, Entry>, store?: Pick<CacheStore, 'crc32'>): Uint8Array[] {
  const kind: SumKind = sumKindOf(store)
  const w = new ByteWriter()
  w.string(FORMAT)
  w.uint(SCANNER_VERSION)
  w.string(key)
  w.u8(kind)
  let count = 0
  for (const e of entries.values()) if (e.stamp !== null) count++
  w.uint(count)
  // Paths and hashes in one pool: a load decodes it once and slices it, not 20,000 decodes.
  const rows = new PoolWriter(new ByteWriter())
  // Where each model goes in the rows: the models are parts of their own, never copied into one
  // buffer (at 10,000 notes that buffer and its growth were 60 MB of a first run's peak).
  const cuts: { at: number; model: Uint8Array }[] = []
  for (const [path, e] of entries) {
    if (e.stamp === null) continue // a vault without stat: the text is read anyway, nothing to gain
    rows.string(path)
    rows.rows.f64(e.stamp.size)
    rows.rows.f64(e.stamp.mtimeMs)
    rows.rows.f64(e.stamp.ctimeMs ?? Number.NaN)
    rows.rows.f64(e.checkedAt)
    rows.uint(e.length)
    rows.string(e.hash)
    rows.uint(e.model.bytes.length)
    cuts.push({ at: rows.rows.at, model: e.model.bytes })
  }
  const rowsLength = rows.rows.at
  rows.flush(w)
  const rowsStart = w.at - rowsLength
  const parts: Uint8Array[] = []
  let from = 0
  for (const { at, model } of cuts) {
    parts.push(w.bytes.subarray(from, rowsStart + at), model)
    from = rowsStart + at
  }
  parts.push(w.bytes.subarray(from, w.at))
  const sum = (sumFor(kind, store) as (parts: readonly Uint8Array[]) => number)(parts)
  parts.push(new Uint8Array([sum & 0xff, (sum >>> 8) & 0xff, (sum >>> 16) & 0xff, sum >>> 24]))
  return parts
}

/** Fills `entries` from a stored cache; a sentence saying why it cannot be used, or null. */
function restore(
  bytes: Uint8Array,
  key: string,
  entries: Map<string, Entry>,
  store?: Pick<CacheStore, 'crc32'>,
): string | null {
  const end = bytes.length - 4
  const r = new ByteReader(bytes, 0, Math.max(0, end))
  try {
    if (r.string() !== FORMAT) return 'is not a scan cache'
  } catch {
    return 'is not a scan cache'
  }
  try {
    const version = r.uint()
    if (version !== SCANNER_VERSION) return `was written by scanner version ${version}`
    if (r.string() !== key) return 'belongs to another corpus'
    const kind = r.u8()
    const sum = sumFor(kind, store)
    if (sum === null) return kind === 1 ? 'was checked with a CRC-32 this host does not compute' : 'is damaged'
    if (sum([bytes.subarray(0, end)]) !== u32At(bytes, end)) return 'is damaged (checksum)'
    const count = r.uint()
    const rows = new PoolReader(bytes, r.at, end)
    for (let i = 0; i < count; i++) {
      const path = rows.string()
      const size = rows.f64()
      const mtimeMs = rows.f64()
      const ctimeMs = rows.f64()
      const checkedAt = rows.f64()
      const length = rows.uint()
      const hash = rows.string()
      const modelLength = rows.uint()
      const at = rows.at
      rows.skip(modelLength)
      const stamp: FileStamp = Number.isNaN(ctimeMs) ? { size, mtimeMs } : { size, mtimeMs, ctimeMs }
      // A view, not a copy: the models of one load share the file's buffer.
      const model = new PackedNote(path, bytes.subarray(at, at + modelLength))
      entries.set(path, { stamp, checkedAt, length, hash, model })
    }
    return rows.at === end ? null : 'has bytes after its entries'
  } catch {
    return 'is damaged'
  }
}

/** The paths a stored cache holds entries for, in its order; null when it is not a usable cache (for tests and debugging). */
export function storedPaths(bytes: Uint8Array, key: string, store?: Pick<CacheStore, 'crc32'>): string[] | null {
  const entries = new Map<string, Entry>()
  return restore(bytes, key, entries, store) === null ? [...entries.keys()] : null
}

/**
 * A 64-bit hash of a text (two independent 32-bit FNV-1a-style mixes over its UTF-16 code
 * units), as 16 hex digits: no host crypto is needed, and the plugin and the CLI compute it alike.
 */
export function textHash(text: string): string {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    a = Math.imul(a ^ code, 0x01000193)
    b = Math.imul(b ^ code, 0x5bd1e995)
    b ^= b >>> 15
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0')
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

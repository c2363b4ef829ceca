import { SCANNER_VERSION } from '../core/asciidoc/scanner-version.js'
import type { NoteModel } from '../core/types.js'
import type { CacheStore } from '../ports/cache.js'
import { decodeModel, encodeModel, type StoredModel } from './model-codec.js'

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
  /** The model of `path` for this text: the cached one when the text is the one scanned, else a fresh scan, recorded. */
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
export const MAX_STORED_CHARS = 64 * 1024 * 1024

const FORMAT = 'notekeeper-scan-cache'

interface Entry {
  stamp: FileStamp | null
  /** When the text was last read and found to be the scanned one (the clock of `now`). */
  checkedAt: number
  length: number
  hash: string
  model: NoteModel
}

/** `[size, mtimeMs, ctimeMs, checkedAt, length, hash, model]`: arrays, so the stored file stays small. */
type StoredEntry = [number, number, number | null, number, number, string, StoredModel]

export function createScanCache(options: ScanCacheOptions = {}): ScanCache {
  const now = options.now ?? Date.now
  const entries = new Map<string, Entry>()
  let loading: Promise<void> | null = null
  let changed = false
  const say = (message: string): void => options.debug?.(`scan cache: ${message}`)

  const load = async (): Promise<void> => {
    const store = options.store
    if (!store) return
    let text: string | null
    try {
      text = await store.cache.read(store.key)
    } catch (error) {
      say(`cannot read ${store.cache.description}: ${messageOf(error)}; scanning every note`)
      return
    }
    if (text === null) return
    const problem = restore(text, store.key, entries)
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
        // The same text: a newer stamp or a later check lets the next load skip the read.
        if (!entry.stamp || !stamp || !sameStamp(entry.stamp, stamp) || entry.checkedAt < checkedAt) changed = true
        entry.stamp = stamp
        entry.checkedAt = checkedAt
        return entry.model
      }
      const model = scan()
      entries.set(path, { stamp, checkedAt, length: text.length, hash, model })
      changed = true
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
        const text = serialize(store.key, entries)
        if (text.length > MAX_STORED_CHARS) {
          say(`${text.length} characters, over ${MAX_STORED_CHARS}: not stored`)
          await store.cache.remove(store.key)
        } else await store.cache.write(store.key, text)
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

function serialize(key: string, entries: ReadonlyMap<string, Entry>): string {
  const stored: Record<string, StoredEntry> = {}
  for (const [path, e] of entries) {
    if (e.stamp === null) continue // a vault without stat: the text is read anyway, nothing to gain
    stored[path] = [
      e.stamp.size,
      e.stamp.mtimeMs,
      e.stamp.ctimeMs ?? null,
      e.checkedAt,
      e.length,
      e.hash,
      encodeModel(e.model),
    ]
  }
  return JSON.stringify({ format: FORMAT, version: SCANNER_VERSION, key, entries: stored })
}

/** Fills `entries` from a stored text; a sentence saying why it cannot be used, or null. */
function restore(text: string, key: string, entries: Map<string, Entry>): string | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return 'is not valid JSON'
  }
  if (!isRecord(parsed) || parsed['format'] !== FORMAT) return 'is not a scan cache'
  if (parsed['version'] !== SCANNER_VERSION) return `was written by scanner version ${String(parsed['version'])}`
  if (parsed['key'] !== key) return 'belongs to another corpus'
  const stored = parsed['entries']
  if (!isRecord(stored)) return 'has no entries'
  for (const [path, value] of Object.entries(stored)) {
    if (!isStoredEntry(value)) return `has a damaged entry for ${path}`
    const [size, mtimeMs, ctimeMs, checkedAt, length, hash, stored] = value
    const stamp: FileStamp = ctimeMs === null ? { size, mtimeMs } : { size, mtimeMs, ctimeMs }
    let model: NoteModel
    try {
      model = decodeModel(path, stored)
    } catch {
      return `has a damaged entry for ${path}`
    }
    entries.set(path, { stamp, checkedAt, length, hash, model })
  }
  return null
}

/** The stored model's shape is checked cheaply: `[folder, title, ten lists, rest]`. */
function isStoredEntry(value: unknown): value is StoredEntry {
  if (!Array.isArray(value) || value.length !== 7) return false
  const [size, mtimeMs, ctimeMs, checkedAt, length, hash, model] = value as unknown[]
  return (
    typeof size === 'number' &&
    typeof mtimeMs === 'number' &&
    (ctimeMs === null || typeof ctimeMs === 'number') &&
    typeof checkedAt === 'number' &&
    typeof length === 'number' &&
    typeof hash === 'string' &&
    Array.isArray(model) &&
    model.length === 13 &&
    model.slice(2, 12).every(Array.isArray) &&
    isRecord(model[12])
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
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

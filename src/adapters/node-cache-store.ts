import { closeSync, constants, promises as fs, fstatSync, openSync, readFileSync } from 'node:fs'
import nodePath from 'node:path'
import zlib from 'node:zlib'
import type { CacheStore } from '../ports/cache.js'
import { kindOf, NON_BLOCK } from './node-files.js'

/** How many corpora keep an entry: beyond it, the entries written longest ago are deleted. */
export const MAX_ENTRIES = 16

/**
 * The CLI's cache: one file per key (`<key>.json` for text, `<key>.bin` for bytes) in the user's cache folder
 * (`$XDG_CACHE_HOME/notekeeper`, else `~/.cache/notekeeper`), never inside a corpus. Writes go to
 * a temporary file renamed into place, so a reader sees the old entry or the new one; there is
 * no fsync: after a power cut the worst is a damaged entry, which only makes the next load cold.
 */
export function nodeCacheStore(folder: string): CacheStore {
  const file = (key: string, extension = '.json'): string => {
    if (!/^[\w.-]+$/.test(key) || key.startsWith('.')) throw new Error(`not a cache key: ${key}`)
    return nodePath.join(folder, `${key}${extension}`)
  }
  /** Replaces `target` by a temporary file renamed into place. */
  const replace = async (target: string, data: string | readonly Uint8Array[]): Promise<void> => {
    await fs.mkdir(folder, { recursive: true })
    const temporary = `${target}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`
    try {
      if (typeof data === 'string') await fs.writeFile(temporary, data)
      else await writeParts(temporary, data)
      await fs.rename(temporary, target)
    } catch (error) {
      await fs.rm(temporary, { force: true })
      throw error
    }
    await dropOldest(folder, nodePath.basename(target))
  }
  return {
    description: `the cache folder ${folder}`,
    async read(key) {
      return readCacheFile(file(key))?.toString('utf8') ?? null
    },
    async write(key, text) {
      await replace(file(key), text)
    },
    async readBytes(key) {
      const buffer = readCacheFile(file(key, '.bin'))
      return buffer === null ? null : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    },
    async writeBytes(key, parts) {
      await replace(file(key, '.bin'), parts)
    },
    // zlib.crc32 is in Node 20.15 and later; before, the caches use their own sum.
    ...(typeof zlib.crc32 === 'function' ? { crc32 } : {}),
    async remove(key) {
      await fs.rm(file(key), { force: true })
      await fs.rm(file(key, '.bin'), { force: true })
    },
  }
}

/**
 * A cache file's bytes, or null when there is none. Opened without blocking and fstat'ed before
 * a byte is read: a named pipe in its place would otherwise hang every command (a FIFO opened
 * for reading waits for a writer), and a socket, device or folder is no entry either. Those
 * throw, which the caches take as no entry (a cache never fails a load, ports/cache.ts), saying
 * why under NOTEKEEPER_DEBUG=1; the next write renames a new file over whatever stood there.
 * Synchronous on purpose: fs.promises.readFile reads a large file in 512 KB pieces, one
 * thread-pool round trip each (about 30 ms of a warm index for a 20 MB scan cache).
 */
export function readCacheFile(path: string): Buffer | null {
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | NON_BLOCK)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ENOENT') return null
    // What open(2) says for a socket.
    if (code === 'ENXIO') throw notACacheFile(path, 'a socket')
    throw error
  }
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile()) throw notACacheFile(path, kindOf(stats))
    return readFileSync(fd)
  } finally {
    closeSync(fd)
  }
}

const notACacheFile = (path: string, kind: string): Error =>
  new Error(`${path}: not a regular file (${kind}); read as no cache, replaced at the next write`)

/** zlib's CRC-32 of the parts one after another (each part continues the one before). */
function crc32(parts: readonly Uint8Array[]): number {
  let sum = 0
  for (const part of parts) sum = zlib.crc32(part, sum)
  return sum
}

/** Parts written at a time: within any system's limit on the buffers of one writev(2). */
const PARTS_PER_WRITE = 512

/** Writes `parts` one after another into a new file, a few hundred per writev(2), none copied. */
async function writeParts(path: string, parts: readonly Uint8Array[]): Promise<void> {
  const handle = await fs.open(path, 'w')
  try {
    for (let at = 0; at < parts.length; at += PARTS_PER_WRITE) {
      const batch = parts.slice(at, at + PARTS_PER_WRITE)
      const { bytesWritten } = await handle.writev(batch)
      // writev(2) may write less (a full disk); the entry is then not stored, never stored cut.
      if (bytesWritten !== batch.reduce((sum, part) => sum + part.length, 0))
        throw new Error(`short write to ${path}: ${bytesWritten} bytes`)
    }
  } finally {
    await handle.close()
  }
}

/**
 * Keeps the cache folder bounded: of each kind (the key's prefix before its first `-`: `scan`,
 * `log`), the MAX_ENTRIES entries written last stay, so one corpus's entries of two kinds never
 * push each other out.
 */
async function dropOldest(folder: string, written: string): Promise<void> {
  const kind = (name: string): string => name.slice(0, Math.max(0, name.indexOf('-')))
  const names = (await fs.readdir(folder)).filter(
    name => (name.endsWith('.json') || name.endsWith('.bin')) && kind(name) === kind(written),
  )
  if (names.length <= MAX_ENTRIES) return
  const dated = await Promise.all(
    names.map(async name => {
      const stats = await fs.stat(nodePath.join(folder, name)).catch(() => null)
      return { name, mtimeMs: stats?.mtimeMs ?? 0 }
    }),
  )
  dated.sort((a, b) => b.mtimeMs - a.mtimeMs)
  for (const { name } of dated.slice(MAX_ENTRIES)) await fs.rm(nodePath.join(folder, name), { force: true })
}

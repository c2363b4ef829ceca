import type { Vault } from '../ports/vault.js'
import { corpusSegments } from './vault-paths.js'

export type MemoryVault = Vault & { files: Map<string, string> }

/** Lets other promises run between the steps of an operation, as a real host's I/O would. */
const hostTurn = (): Promise<void> => new Promise(resolve => setTimeout(resolve, 0))

/** Small, so that tests see lines and characters cut in two between chunks. */
const CHUNK_BYTES = 4096

/** `bytes` a chunk at a time through one buffer, each chunk overwritten by the next, as a disk host's are. */
async function* reusedChunks(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  const buffer = new Uint8Array(CHUNK_BYTES)
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    const chunk = bytes.subarray(start, start + CHUNK_BYTES)
    buffer.set(chunk)
    await hostTurn()
    yield buffer.subarray(0, chunk.length)
  }
}

/**
 * A corpus held in a Map, for tests. It behaves like the plugin's hosts, not like a disk: there
 * is no exclusive create, and `append` is read, add, write with a host turn in between, so two
 * unlocked writers really can lose each other's lines here (the lock tests rely on it).
 */
export function memoryVault(initial: Record<string, string> = {}): MemoryVault {
  const files = new Map<string, string>(Object.entries(initial))
  const mtimes = new Map<string, number>()
  let tick = 0
  const key = (path: string): string => corpusSegments(path).join('/')
  const put = (path: string, text: string): void => {
    files.set(path, text)
    mtimes.set(path, ++tick)
  }

  return {
    description: 'memory (test vault)',
    files,
    async list() {
      return [...files.keys()].filter(path => !path.split('/').some(segment => segment.startsWith('.'))).sort()
    },
    async read(path) {
      return files.get(key(path)) ?? null
    },
    async readChunks(path) {
      const text = files.get(key(path))
      if (text === undefined) return null
      const bytes = new TextEncoder().encode(text)
      return { size: bytes.length, chunks: reusedChunks(bytes) }
    },
    async write(path, text) {
      const name = key(path)
      await hostTurn()
      put(name, text)
    },
    async writeIfUnchanged(path, text, expected) {
      const name = key(path)
      await hostTurn()
      if (files.get(name) !== expected) return false
      put(name, text)
      return true
    },
    async append(path, text) {
      const name = key(path)
      const old = files.get(name) ?? ''
      await hostTurn()
      put(name, old + text)
    },
    async remove(path) {
      files.delete(key(path))
    },
    async stat(path) {
      const text = files.get(key(path))
      return text === undefined
        ? null
        : { mtimeMs: mtimes.get(key(path)) ?? 0, size: new TextEncoder().encode(text).length }
    },
  }
}

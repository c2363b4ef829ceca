import type { CacheStore } from '../../src/ports/cache.js'

/** A CacheStore in a Map, for tests: `entries` lets a test look at, damage or delete what is stored. */
export function memoryCacheStore(): CacheStore & { entries: Map<string, string>; bytes: Map<string, Uint8Array> } {
  const entries = new Map<string, string>()
  const bytes = new Map<string, Uint8Array>()
  return {
    description: 'memory (test cache)',
    entries,
    bytes,
    async read(key) {
      return entries.get(key) ?? null
    },
    async write(key, text) {
      entries.set(key, text)
    },
    async readBytes(key) {
      return bytes.get(key) ?? null
    },
    async writeBytes(key, value) {
      bytes.set(key, value)
    },
    async remove(key) {
      entries.delete(key)
      bytes.delete(key)
    },
  }
}

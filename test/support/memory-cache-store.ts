import type { CacheStore } from '../../src/ports/cache.js'

/** A CacheStore in a Map, for tests: `entries` lets a test look at, damage or delete what is stored. */
export function memoryCacheStore(): CacheStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    description: 'memory (test cache)',
    entries,
    async read(key) {
      return entries.get(key) ?? null
    },
    async write(key, text) {
      entries.set(key, text)
    },
    async remove(key) {
      entries.delete(key)
    },
  }
}

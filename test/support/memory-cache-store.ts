import { joinParts } from '../../src/ports/byte-parts.js'
import type { CacheStore } from '../../src/ports/cache.js'

/** A CacheStore in Maps, for tests: `entries` (texts) and `bytes` let a test look at, damage or delete what is stored. */
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
    async writeBytes(key, parts) {
      bytes.set(key, joinParts(parts))
    },
    async remove(key) {
      entries.delete(key)
      bytes.delete(key)
    },
  }
}

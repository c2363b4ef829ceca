/** `parts` one after another in one new array: for a host that stores a cache entry as one array (CacheStore.writeBytes), and for a file read in chunks. */
export function joinParts(parts: readonly Uint8Array[]): Uint8Array {
  let size = 0
  for (const part of parts) size += part.length
  const joined = new Uint8Array(size)
  let at = 0
  for (const part of parts) {
    joined.set(part, at)
    at += part.length
  }
  return joined
}

/**
 * Where a host keeps Notekeeper's own derived data (the scan cache, the log cache), outside the
 * corpus: the CLI's user cache folder, the plugin's storage in the host. Nothing in it is the
 * only copy of anything: deleting it at any time only makes the next load slower.
 *
 * Keys are short names without `/` (`scan-<hash of the corpus root>`, `log-<hash>`); a key holds
 * text (`read`/`write`) or bytes (`readBytes`/`writeBytes`), one kind per key.
 */
export interface CacheStore {
  /** Says where the cache lives, for messages. */
  readonly description: string
  /** The stored text, or null when there is none. May throw; callers then load as if there were none (a cache never fails a load). */
  read(key: string): Promise<string | null>
  /** Replaces the stored text, atomically where the host allows. */
  write(key: string, text: string): Promise<void>
  /** The stored bytes, or null when there are none. May throw, as `read`. Optional: a store of text only keeps no log cache. */
  readBytes?(key: string): Promise<Uint8Array | null>
  /** Replaces the stored bytes, atomically where the host allows. The caller may not change them afterwards. */
  writeBytes?(key: string, bytes: Uint8Array): Promise<void>
  /** Deletes the entry; no error when it is already gone. */
  remove(key: string): Promise<void>
}

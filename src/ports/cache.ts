/**
 * Where a host keeps Notekeeper's own derived data (the scan cache, the log cache), outside the
 * corpus: the CLI's user cache folder, the plugin's storage in the host. Nothing in it is the
 * only copy of anything: deleting it at any time only makes the next load slower.
 *
 * Keys are short names without `/` (`scan-<hash of the corpus root>`, `log-<hash>`); a key holds
 * text (`read`/`write`) or bytes (`readBytes`/`writeBytes`: the scan cache's and the log cache's
 * forms, docs/adr/0025 and 0026), one kind per key.
 */
export interface CacheStore {
  /** Says where the cache lives, for messages. */
  readonly description: string
  /** The stored text, or null when there is none. May throw; callers then load as if there were none (a cache never fails a load). */
  read(key: string): Promise<string | null>
  /** Replaces the stored text, atomically where the host allows. */
  write(key: string, text: string): Promise<void>
  /** The stored bytes, or null when there are none. May throw, as `read`. */
  readBytes(key: string): Promise<Uint8Array | null>
  /**
   * Replaces the stored bytes with `parts`, one after another, atomically where the host allows.
   * The parts are written as they are where the host can (the CLI's file), never joined into one
   * buffer there: a cache of 10,000 note models is 20 MB, most of it parts that already exist.
   * The caller may not change them afterwards.
   */
  writeBytes(key: string, parts: readonly Uint8Array[]): Promise<void>
  /**
   * The CRC-32 (zlib's, ISO-HDLC) of `parts` one after another, where the host computes one
   * natively; optional. The scan cache then checks its bytes with it, and says so in them: at
   * 20 MB it takes 5 ms where the cache's own sum in JavaScript takes 16-22 (docs/adr/0031).
   */
  crc32?(parts: readonly Uint8Array[]): number
  /** Deletes the entry, text or bytes; no error when it is already gone. */
  remove(key: string): Promise<void>
}

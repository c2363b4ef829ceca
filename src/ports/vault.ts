/**
 * The one storage port. The core never touches files; the app layer reads and writes the corpus
 * through a Vault, and each host has an adapter: Node's fs (CLI, tests), Logseq desktop's
 * Electron bridge, the browser's File System Access API, and an in-memory one for tests.
 *
 * Paths are relative to the corpus root and use `/`.
 */
export interface Vault {
  /** Says which adapter and root are in use, for messages ("folder /home/me/notes (Node fs)"). */
  readonly description: string
  /** Every file under the root (paths relative to it). Adapters may leave out dot-folders. */
  list(): Promise<string[]>
  /**
   * `list`, and what it left out on purpose although the name is no dot name: a symbolic link
   * (a listing follows none, as Logseq's does not) and anything neither a regular file nor a
   * folder (a named pipe, a socket, a device). A load reports those that stand where a note could
   * (`note-skipped`), so that a skip is never silent. Optional: hosts whose listing cannot tell
   * give only `list`.
   */
  listing?(): Promise<{ files: string[]; skipped: SkippedEntry[] }>
  /** The file's text, or null when it does not exist. Other failures throw VaultError. */
  read(path: string): Promise<string | null>
  /**
   * The file's bytes in chunks, or null when it does not exist: for the one file too large to
   * hold as a string (the review log, ADR 0023). A chunk may be a view into a buffer that the
   * next chunk reuses, so a reader takes what it needs before asking for the next. `size` is the
   * file's length when the host knows it (a hint: the file may grow meanwhile). The same checks
   * as `read` apply. The host's file stays open until the chunks end, or until their iterator's
   * `return()` is called (as `for await` does when it stops early): a reader that decides not to
   * read them at all calls `return()` too. Optional: hosts without it are read with `read`.
   */
  readChunks?(path: string): Promise<{ size?: number; chunks: AsyncIterable<Uint8Array> } | null>
  /** Replaces the whole file (creating folders as needed), atomically where the host allows. */
  write(path: string, text: string, options?: WriteOptions): Promise<void>
  /**
   * Replaces the file with `text` only if it still reads exactly `expected` at the last moment
   * before the swap (for a disk: after the new text is on disk, right before the rename); false,
   * and nothing changed, when it does not. Optional: hosts without it leave the caller to read,
   * compare and write, a wider window.
   */
  writeIfUnchanged?(path: string, text: string, expected: string, options?: WriteOptions): Promise<boolean>
  /**
   * Adds `text` at the end of the file (creating it when missing). Hosts that can only write
   * whole files implement it as read, add, write; the log's two-writer protocol (src/app/lock.ts, log-writer.ts)
   * is what makes that safe.
   */
  append(path: string, text: string): Promise<void>
  /** Deletes the file; no error when it is already gone. */
  remove(path: string): Promise<void>
  /** Creates the file only if it does not exist; false when it does. Hosts without an exclusive create omit it. */
  createExclusive?(path: string, text: string): Promise<boolean>
  /**
   * Modification time and size, for caches; null when missing. Optional. `ctimeMs` (the inode's
   * change time, which no tool can set back) where the host has it: a file replaced by one of the
   * same size and mtime (`cp -p`, `rsync -t`) still looks changed.
   */
  stat?(path: string): Promise<{ mtimeMs: number; size: number; ctimeMs?: number } | null>
  /**
   * `stat` of many files, in their order: each path's stamp, null when missing, or the error its
   * stat failed with (the others still answered). Optional, for hosts whose stat is cheap to
   * call in a loop: a load stats every note, and one call spares a promise and a pending slot
   * per note (the Node vault's stats are synchronous). Without it, `stat` is called per path.
   */
  statAll?(paths: readonly string[]): Promise<Array<{ mtimeMs: number; size: number; ctimeMs?: number } | null | Error>>
  /**
   * Runs `reads`, the many reads of one load, letting the host share work between them that it
   * must not keep beyond them (the Node vault resolves each folder's real path once). Optional:
   * without it the reads simply run.
   */
  readBatch?<T>(reads: () => Promise<T>): Promise<T>
}

/** How a whole-file write is made. */
export interface WriteOptions {
  /**
   * False: atomic (a reader sees the old text or the new, never half), but not flushed to the
   * disk before it returns. For the writers' lock, which a crash leaves stale anyway: a holder
   * writes it every few seconds to keep it fresh, and an fsync stalled behind a busy disk would
   * let it look stale to a waiter (ADR 0042). Default true. Hosts that cannot tell ignore it.
   */
  durable?: boolean
}

/** An entry a listing left out (`Vault.listing`). */
export interface SkippedEntry {
  /** Relative to the root, with `/`. */
  path: string
  /** Why, as what the entry is: `a symbolic link, not followed`, `not a regular file (a named pipe)`. */
  reason: string
  /** A link that leads to a folder: the files below it are not listed either. */
  folder?: true
}

/** A failure of the storage itself (permission, I/O), named with the path it concerns. */
export class VaultError extends Error {
  constructor(
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${path}: ${message}`, options)
    this.name = 'VaultError'
  }
}

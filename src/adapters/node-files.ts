import { closeSync, constants, promises as fs, fstatSync, openSync, readFileSync, readSync, type Stats } from 'node:fs'
import nodePath from 'node:path'
import { ownerOfTempName, tempName } from './vault-paths.js'

// The node vault's file primitives. Every open is no-follow and non-blocking, and every file is
// fstat'ed before a byte is read: a named pipe, a socket or a device in place of a corpus file
// is refused by name, never waited on (a FIFO opened for reading blocks until a writer comes).

// Windows has neither flag; there a link or a pipe cannot sit at a corpus path in the same way.
const NO_FOLLOW = (constants.O_NOFOLLOW as number | undefined) ?? 0
export const NON_BLOCK = (constants.O_NONBLOCK as number | undefined) ?? 0
/** False where opens cannot refuse a link (Windows): the vault then resolves every file's real path first. */
export const OPENS_REFUSE_LINKS = NO_FOLLOW !== 0

/** Above this size a file is read asynchronously (see `readRegularFile`). */
const SYNC_READ_LIMIT = 1 << 20

/** Something other than a regular file stands at a path the corpus needs to be one. */
export class NotRegularFileError extends Error {
  constructor(readonly kind: string) {
    super(`not a regular file (${kind}); Notekeeper reads and writes regular files only, remove or replace it`)
    this.name = 'NotRegularFileError'
  }
}

export function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe'
  if (stats.isSocket()) return 'a socket'
  if (stats.isCharacterDevice()) return 'a character device'
  if (stats.isBlockDevice()) return 'a block device'
  if (stats.isDirectory()) return 'a folder'
  if (stats.isSymbolicLink()) return 'a symbolic link'
  return 'not a plain file'
}

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code

/** A symlink as the last segment: ELOOP on Linux, EMLINK on the BSDs. */
export function isLinkError(error: unknown): boolean {
  const code = codeOf(error)
  return code === 'ELOOP' || code === 'EMLINK'
}

/**
 * ENXIO is what open says for a socket, and for a pipe opened to write with no reader: find out
 * which from lstat, so the message names it.
 */
async function explainOpenFailure(path: string, error: unknown): Promise<never> {
  if (codeOf(error) === 'ENXIO') {
    const stats = await fs.lstat(path).catch(() => null)
    throw new NotRegularFileError(stats ? kindOf(stats) : 'a socket or a named pipe')
  }
  throw error
}

/**
 * One buffer for every small read (a note is a few kilobytes): readFileSync(fd) allocates one per
 * file, and a load reads ten thousand. Reads are synchronous, so no two ever share it.
 */
const SMALL_FILE = Buffer.allocUnsafeSlow(1 << 16)

/**
 * The file's text when it fits SMALL_FILE (read from its start, however far the fd has moved); else
 * null. Read to the size its stat gave, not on to a read of nothing: a read that asked for more
 * and gave exactly that size found the file's end (one that grew since gives more, and is read on
 * to its new end). The read of nothing was a tenth of the cold index's system time.
 */
function readSmall(fd: number, size: number): string | null {
  let length = 0
  for (;;) {
    const read = readSync(fd, SMALL_FILE, length, SMALL_FILE.length - length, length)
    length += read
    if (read === 0 || length === size) return SMALL_FILE.toString('utf8', 0, length)
    // Grown past the buffer since its stat: read whole by the caller instead.
    if (length === SMALL_FILE.length) return null
  }
}

/**
 * A regular file's text, opened without following a link in its last segment (ELOOP then) and
 * without blocking. A small file is read synchronously: a note is a few kilobytes in the page
 * cache, and reading it takes less than the round trips to libuv's thread pool an asynchronous
 * read makes (measured on 10,000 notes: about a fifth less CPU for a cold index). A large file
 * (the review log) is the other way round: Node 20's readFileSync decodes 65 MB of UTF-8 three
 * to four times slower than an asynchronous readFile (measured).
 */
export async function readRegularFile(path: string): Promise<string> {
  const flags = constants.O_RDONLY | NO_FOLLOW | NON_BLOCK
  let fd: number
  try {
    fd = openSync(path, flags)
  } catch (error) {
    return explainOpenFailure(path, error)
  }
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile()) throw new NotRegularFileError(kindOf(stats))
    if (stats.size < SMALL_FILE.length) {
      const text = readSmall(fd, stats.size)
      if (text !== null) return text
    }
    if (stats.size <= SYNC_READ_LIMIT) return readFileSync(fd, 'utf8')
  } finally {
    closeSync(fd)
  }
  const handle = await fs.open(path, flags).catch(error => explainOpenFailure(path, error))
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) throw new NotRegularFileError(kindOf(stats))
    return await handle.readFile('utf8')
  } finally {
    await handle.close()
  }
}

/** A regular file opened for reading as `readRegularFile` opens it (no link followed, never blocking), with its size. */
export async function openRegularFile(path: string): Promise<{ handle: fs.FileHandle; size: number }> {
  const handle = await fs
    .open(path, constants.O_RDONLY | NO_FOLLOW | NON_BLOCK)
    .catch(error => explainOpenFailure(path, error))
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) throw new NotRegularFileError(kindOf(stats))
    return { handle, size: stats.size }
  } catch (error) {
    await handle.close()
    throw error
  }
}

/** Refuses anything but a regular file (or nothing) at `path`, a symlink included: writes replace files, never links. */
async function refuseUnlessRegularOrMissing(path: string): Promise<Stats | null> {
  const stats = await fs.lstat(path).catch(error => {
    if (codeOf(error) === 'ENOENT') return null
    throw error
  })
  if (stats !== null && !stats.isFile()) throw new NotRegularFileError(kindOf(stats))
  return stats
}

/** Appends `bytes` in one write(2) on an O_APPEND descriptor, then fsyncs: the kernel places it at the end as a whole. */
export async function appendRegularFile(path: string, bytes: Uint8Array): Promise<void> {
  const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW | NON_BLOCK
  const handle = await fs.open(path, flags, 0o666).catch(error => {
    if (isLinkError(error)) throw new NotRegularFileError('a symbolic link')
    return explainOpenFailure(path, error)
  })
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) throw new NotRegularFileError(kindOf(stats))
    const { bytesWritten } = await handle.write(bytes, 0, bytes.length)
    if (bytesWritten !== bytes.length) throw new Error(`short write (${bytesWritten} of ${bytes.length} bytes)`)
    // An acknowledged review must survive a power cut, as the state does.
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Replaces `folder/name` with `text` atomically: a dot-named temporary sibling (vault-paths'
 * tempName, tagged with this process's id), written, fsynced, renamed over the file, then the
 * folder fsynced. With `expected`, the file is read again after the temporary is on disk and
 * the rename happens only if it still reads exactly so: false otherwise, nothing changed. That
 * shrinks the window in which a concurrent save can be lost to the rename itself. `durable`
 * false: neither fsync (the writers' lock, WriteOptions): still atomic, by the rename.
 */
export async function writeRegularFileAtomically(
  folder: string,
  name: string,
  text: string,
  expected?: string,
  durable = true,
): Promise<boolean> {
  const target = nodePath.join(folder, name)
  const existing = await refuseUnlessRegularOrMissing(target)
  const temp = nodePath.join(folder, tempName(name, process.pid))
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW
  const handle = await fs.open(temp, flags, existing ? existing.mode & 0o7777 : 0o666)
  try {
    try {
      await handle.writeFile(text, 'utf8')
      if (durable) await handle.sync()
    } finally {
      await handle.close()
    }
    if (expected !== undefined) {
      const now = await readRegularFile(target).catch(error => {
        if (codeOf(error) === 'ENOENT') return null
        throw error
      })
      if (now !== expected) {
        await fs.unlink(temp)
        return false
      }
    }
    await refuseUnlessRegularOrMissing(target)
    await fs.rename(temp, target)
  } catch (error) {
    await fs.unlink(temp).catch(() => undefined)
    throw error
  }
  if (durable) await syncFolder(folder)
  return true
}

async function syncFolder(folder: string): Promise<void> {
  // Makes the rename itself durable; some file systems refuse to fsync a folder, which is no failure.
  const handle = await fs.open(folder, constants.O_RDONLY).catch(() => null)
  if (handle === null) return
  try {
    await handle.sync()
  } catch {
    // EINVAL/EISDIR on file systems without folder fsync.
  } finally {
    await handle.close()
  }
}

/** Temporaries older than this are litter whoever made them (a writer on another machine of a shared folder). */
const ABANDONED_AFTER_MS = 10 * 60_000

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return codeOf(error) === 'EPERM'
  }
}

/**
 * Removes the temporaries an interrupted write left in `folder` (a writer killed between its
 * temporary and its rename): those whose process is gone, and any older than ten minutes. Only
 * names `tempName` makes are touched; they are dot-named, so no listing took them for notes.
 */
export async function removeAbandonedTemporaries(folder: string, now = Date.now()): Promise<string[]> {
  const names = await fs.readdir(folder).catch(() => [] as string[])
  const removed: string[] = []
  for (const name of names) {
    const owner = ownerOfTempName(name)
    if (owner === null) continue
    const path = nodePath.join(folder, name)
    let abandoned = !isRunning(owner)
    if (!abandoned) {
      const stats = await fs.lstat(path).catch(() => null)
      abandoned = stats !== null && now - stats.mtimeMs > ABANDONED_AFTER_MS
    }
    if (
      abandoned &&
      (await fs.unlink(path).then(
        () => true,
        () => false,
      ))
    )
      removed.push(name)
  }
  return removed
}

import { closeSync, type Dirent, promises as fs, fstatSync, openSync, readFileSync } from 'node:fs'
import nodePath from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { type Vault, VaultError } from '../ports/vault.js'
import { corpusSegments, isMissingError, messageOf } from './vault-paths.js'

/** Above this size a file is read asynchronously (see `readSmallText`). */
const SYNC_READ_LIMIT = 1 << 20

/**
 * A small file's text, read synchronously; null for a large file or anything but a plain file,
 * which the caller reads asynchronously. A note is a few kilobytes in the page cache: reading it
 * takes microseconds, less than the round trips to libuv's thread pool an asynchronous read
 * makes (open, stat, read, close); measured on 10,000 notes, a cold index spends about a fifth
 * less CPU than through the callback API, more against fs.promises. The event loop waits that
 * long per file; the CLI, this adapter's user, has nothing else to do meanwhile. A large file
 * (the review log) is the other way round: Node 20's readFileSync decodes 65 MB of UTF-8 three
 * to four times slower than fs.promises.readFile (measured).
 */
function readSmallText(path: string, flags: number): string | null {
  const fd = openSync(path, flags)
  try {
    const stats = fstatSync(fd)
    return stats.isFile() && stats.size <= SYNC_READ_LIMIT ? readFileSync(fd, 'utf8') : null
  } finally {
    closeSync(fd)
  }
}

/**
 * The corpus on a local disk, for the CLI and the tests. Writes are atomic (temp file, then
 * rename); `append` is one O_APPEND write, so two processes appending never interleave bytes;
 * `createExclusive` is an `O_CREAT|O_EXCL` open, the one real lock primitive a disk offers.
 */
export function nodeVault(root: string): Vault {
  const absoluteRoot = nodePath.resolve(root)
  let realRoot: Promise<string> | null = null
  const rootReal = (): Promise<string> => (realRoot ??= fs.realpath(absoluteRoot))

  const absolute = (path: string): string => nodePath.join(absoluteRoot, ...corpusSegments(path))

  // A symlink inside the corpus may point anywhere; what it resolves to must still be inside.
  const assertInside = async (path: string, real: string): Promise<void> => {
    const base = await rootReal()
    if (real !== base && !real.startsWith(base + nodePath.sep))
      throw new VaultError(path, 'resolves to a file outside the corpus')
  }

  // Reading a corpus resolves each folder once, not each file: the folder's real path, checked
  // inside the root, plus a no-follow open of the file itself keep the guarantee of a realpath
  // per file. Resolved folders are kept only while reads are in flight (the reads of one load),
  // so a folder swapped for a symlink later is resolved afresh; failures are never kept.
  const realFolders = new Map<string, Promise<string>>()
  let readsInFlight = 0
  const realFolder = async (path: string, folder: string): Promise<string> => {
    let real = realFolders.get(folder)
    if (real === undefined) {
      real = fs.realpath(folder)
      realFolders.set(folder, real)
      real.catch(() => realFolders.delete(folder))
    }
    const resolved = await real
    await assertInside(path, resolved)
    return resolved
  }
  // Where the host has no O_NOFOLLOW (Windows), every read resolves the file's own real path.
  const NO_FOLLOW = fs.constants.O_NOFOLLOW as number | undefined
  const readResolved = async (path: string, abs: string): Promise<string> => {
    const real = await fs.realpath(abs)
    await assertInside(path, real)
    return fs.readFile(real, 'utf8')
  }
  const readInside = async (path: string, abs: string): Promise<string> => {
    if (NO_FOLLOW === undefined) return readResolved(path, abs)
    const folder = await realFolder(path, nodePath.dirname(abs))
    try {
      const inside = nodePath.join(folder, nodePath.basename(abs))
      const flags = fs.constants.O_RDONLY | NO_FOLLOW
      return readSmallText(inside, flags) ?? (await fs.readFile(inside, { encoding: 'utf8', flag: flags }))
    } catch (error) {
      // The file itself is a symlink (ELOOP; EMLINK on the BSDs); it may still lead inside the corpus.
      const code = (error as { code?: unknown }).code
      if (code === 'ELOOP' || code === 'EMLINK') return readResolved(path, abs)
      throw error
    }
  }

  // Folders already made and found inside the root: the log's folder is prepared once, not on
  // every append (a folder removed since then makes the next call fail; it is made again after).
  const preparedFolders = new Set<string>()
  const prepareFolder = async (path: string, abs: string): Promise<void> => {
    const folder = nodePath.dirname(abs)
    if (preparedFolders.has(folder)) return
    await fs.mkdir(folder, { recursive: true })
    await assertInside(path, await fs.realpath(folder))
    preparedFolders.add(folder)
  }
  const inPreparedFolder = async <T>(path: string, abs: string, action: () => Promise<T>): Promise<T> => {
    await prepareFolder(path, abs)
    try {
      return await action()
    } catch (error) {
      if (!isMissingError(error) || !preparedFolders.delete(nodePath.dirname(abs))) throw error
      await prepareFolder(path, abs)
      return await action()
    }
  }

  const failure = (path: string, action: string, error: unknown): VaultError =>
    error instanceof VaultError
      ? error
      : new VaultError(path, `cannot ${action}: ${messageOf(error)}`, { cause: error })

  return {
    description: `folder ${absoluteRoot} (Node fs)`,

    async list() {
      const found: string[] = []
      const walk = async (folder: string, prefix: string): Promise<void> => {
        let entries: Dirent[]
        try {
          entries = await fs.readdir(folder, { withFileTypes: true })
        } catch (error) {
          if (isMissingError(error) && prefix === '') return
          throw failure(prefix || '.', 'list', error)
        }
        for (const entry of entries) {
          // Dot names are never notes (SPEC 1); symlinks are skipped, as Logseq's own readdir does.
          if (entry.name.startsWith('.') || entry.isSymbolicLink()) continue
          const relative = prefix + entry.name
          if (entry.isDirectory()) await walk(nodePath.join(folder, entry.name), `${relative}/`)
          else if (entry.isFile()) found.push(relative)
        }
      }
      await walk(absoluteRoot, '')
      return found.sort()
    },

    async read(path) {
      const abs = absolute(path)
      readsInFlight++
      try {
        return await readInside(path, abs)
      } catch (error) {
        if (!(error instanceof VaultError) && isMissingError(error)) return null
        throw failure(path, 'read', error)
      } finally {
        if (--readsInFlight === 0) realFolders.clear()
      }
    },

    async write(path, text) {
      const abs = absolute(path)
      try {
        await inPreparedFolder(path, abs, () => writeFileAtomic(abs, text, { encoding: 'utf8' }))
      } catch (error) {
        throw failure(path, 'write', error)
      }
    },

    async append(path, text) {
      const abs = absolute(path)
      const bytes = Buffer.from(text, 'utf8')
      try {
        const handle = await inPreparedFolder(path, abs, () => fs.open(abs, 'a'))
        try {
          // One write(2) on an O_APPEND descriptor: the kernel places it at the end as a whole.
          const { bytesWritten } = await handle.write(bytes, 0, bytes.length)
          if (bytesWritten !== bytes.length) throw new Error(`short write (${bytesWritten} of ${bytes.length} bytes)`)
        } finally {
          await handle.close()
        }
      } catch (error) {
        throw failure(path, 'append to', error)
      }
    },

    async remove(path) {
      const abs = absolute(path)
      try {
        await fs.unlink(abs)
      } catch (error) {
        if (!isMissingError(error)) throw failure(path, 'remove', error)
      }
    },

    async createExclusive(path, text) {
      const abs = absolute(path)
      try {
        await inPreparedFolder(path, abs, () => fs.writeFile(abs, text, { encoding: 'utf8', flag: 'wx' }))
        return true
      } catch (error) {
        if ((error as { code?: unknown }).code === 'EEXIST') return false
        throw failure(path, 'create', error)
      }
    },

    async stat(path) {
      const abs = absolute(path)
      try {
        const stats = await fs.stat(abs)
        return { mtimeMs: stats.mtimeMs, size: stats.size }
      } catch (error) {
        if (isMissingError(error)) return null
        throw failure(path, 'stat', error)
      }
    },
  }
}

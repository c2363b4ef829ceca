import {
  type Dirent,
  promises as fs,
  lstatSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  type Stats,
  statSync,
} from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import nodePath from 'node:path'
import { type SkippedEntry, type Vault, VaultError, type WriteOptions } from '../ports/vault.js'
import {
  appendRegularFile,
  isLinkError,
  NotRegularFileError,
  OPENS_REFUSE_LINKS,
  openRegularFile,
  readRegularFile,
  removeAbandonedTemporaries,
  writeRegularFileAtomically,
} from './node-files.js'
import { corpusSegments, isMissingError, messageOf } from './vault-paths.js'

function failure(path: string, action: string, error: unknown): VaultError {
  if (error instanceof VaultError) return error
  if (error instanceof NotRegularFileError) return new VaultError(path, error.message, { cause: error })
  return new VaultError(path, `cannot ${action}: ${messageOf(error)}`, { cause: error })
}

/** Bytes read at a time by `readChunks`, into one buffer reused for every chunk. */
const CHUNK_BYTES = 1 << 20

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined }

/**
 * The open file's bytes, one reused buffer at a time; the file is closed at its end, on a failed
 * read, and by `return()` whenever it comes. Not an async generator: a generator returned (or
 * dropped) before its first `next()` never runs its body, so its `finally` never closed the
 * file, and Node closed the descriptor on garbage collection with a warning (a log cache that
 * decides from the size alone not to read the bytes it opened).
 */
class FileChunks implements AsyncIterableIterator<Uint8Array> {
  private buffer: Uint8Array | null = null
  private closing: Promise<void> | null = null

  constructor(
    private readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  [Symbol.asyncIterator](): this {
    return this
  }

  async next(): Promise<IteratorResult<Uint8Array>> {
    if (this.closing !== null) return DONE
    // Made on the first read, so a source never read costs no megabyte.
    this.buffer ??= new Uint8Array(CHUNK_BYTES)
    let bytesRead: number
    try {
      ;({ bytesRead } = await this.handle.read(this.buffer, 0, this.buffer.length, null))
    } catch (error) {
      await this.close()
      throw failure(this.path, 'read', error)
    }
    if (bytesRead === 0) return this.return()
    return { done: false, value: this.buffer.subarray(0, bytesRead) }
  }

  async return(): Promise<IteratorReturnResult<undefined>> {
    await this.close()
    return DONE
  }

  /** Closes the file once, however many ways out ask for it. */
  private close(): Promise<void> {
    this.closing ??= this.handle.close()
    return this.closing
  }
}

/**
 * What a listing says of an entry it does not list: a link (to a folder, leading nowhere, or any
 * other), else the kind of special file. The stat follows the link only to name what it leads to;
 * it reads nothing and never blocks.
 */
function skippedEntry(relative: string, path: string, entry: Dirent): SkippedEntry {
  if (!entry.isSymbolicLink()) return { path: relative, reason: `not a regular file (${kindOfEntry(entry)})` }
  let target: Stats | null = null
  try {
    target = statSync(path)
  } catch {
    return { path: relative, reason: 'a symbolic link that leads nowhere, not followed' }
  }
  return target.isDirectory()
    ? { path: relative, reason: 'a symbolic link to a folder, not followed', folder: true }
    : { path: relative, reason: 'a symbolic link, not followed' }
}

function kindOfEntry(entry: Dirent): string {
  if (entry.isFIFO()) return 'a named pipe'
  if (entry.isSocket()) return 'a socket'
  if (entry.isCharacterDevice()) return 'a character device'
  if (entry.isBlockDevice()) return 'a block device'
  return 'of a kind Node cannot name'
}

/** Segments of anything but `/`, `\\`, NUL and `:`, none of them `.` or `..`, joined by single slashes. */
const PLAIN_PATH = /^(?!\.\.?(?:\/|$))[^/\\\0:]+(?:\/(?!\.\.?(?:\/|$))[^/\\\0:]+)*$/

/**
 * The corpus on a local disk, for the CLI and the tests. Only regular files are read or written
 * (a pipe, socket, device or dangling link at a corpus path is refused by name, never waited on);
 * writes never follow a link nor create a folder outside the corpus. Writes are atomic (dot-named
 * temporary, fsync, rename, see node-files.ts); `append` is one fsynced O_APPEND write, so two
 * processes appending never interleave bytes; `createExclusive` is an `O_CREAT|O_EXCL` open, the
 * one real lock primitive a disk offers.
 */
export function nodeVault(root: string): Vault {
  const absoluteRoot = nodePath.resolve(root)
  // Resolved synchronously (realpath(3), as fs.promises.realpath does, without its round trip to
  // the thread pool). The root may not exist yet (the first write makes it): a failure is never kept.
  let realRoot: string | null = null
  const rootReal = (): string => {
    if (realRoot === null) realRoot = realpathSync.native(absoluteRoot)
    return realRoot
  }

  // A path as a listing gives it (`internalise/a/b.adoc`: no empty, `.` or `..` segment, no
  // backslash, drive or NUL) is joined as it is; anything else goes through corpusSegments, which
  // refuses what is not inside the corpus. A load stats and reads every note: the split, filter
  // and join were 20 ms of a 300 ms warm index.
  const prefix = absoluteRoot.endsWith(nodePath.sep) ? absoluteRoot : absoluteRoot + nodePath.sep
  const absolute = (path: string): string =>
    nodePath.sep === '/' && PLAIN_PATH.test(path) ? prefix + path : nodePath.join(absoluteRoot, ...corpusSegments(path))

  // Synchronous on purpose: a load stats every note, and a stat from the page cache costs far
  // less than the thread-pool round trip of fs.promises.stat (ten thousand of them are a visible
  // part of a warm index).
  const stampOf = (path: string): { mtimeMs: number; size: number; ctimeMs: number } | null => {
    try {
      const stats = statSync(absolute(path))
      return { mtimeMs: stats.mtimeMs, size: stats.size, ctimeMs: stats.ctimeMs }
    } catch (error) {
      if (isMissingError(error)) return null
      throw failure(path, 'stat', error)
    }
  }

  // A symlink inside the corpus may point anywhere; what it resolves to must still be inside.
  const assertInside = (path: string, real: string): void => {
    const base = rootReal()
    if (real !== base && !real.startsWith(base + nodePath.sep)) {
      const link = linkOnTheWay(path)
      throw new VaultError(
        path,
        link === null
          ? 'resolves to a file outside the corpus'
          : `${link.path} is a symbolic link to ${link.target}, outside the corpus: Notekeeper does not follow ` +
              'links out of the corpus folder (move what it leads to inside, or use that folder as the corpus)',
      )
    }
  }
  // Which folder of `path`, or the file itself, is the link that leads out (said in place of a
  // bare "outside the corpus", which named config.json when `internalise/` was the link).
  const linkOnTheWay = (path: string): { path: string; target: string } | null => {
    const segments = path.split('/')
    for (let end = 1; end <= segments.length; end++) {
      const prefix = segments.slice(0, end).join('/')
      try {
        if (lstatSync(absolute(prefix)).isSymbolicLink())
          return { path: prefix, target: readlinkSync(absolute(prefix)) }
      } catch {
        return null
      }
    }
    return null
  }

  // Reading a corpus resolves each folder once, not each file: the folder's real path, checked
  // inside the root, plus a no-follow open of the file itself keep the guarantee of a realpath
  // per file. Resolved folders are kept only within a `readBatch` (the reads of one load), so a
  // folder swapped for a symlink later is resolved afresh; failures are never kept. (Keeping
  // them while reads were in flight, as before, kept them for almost no read: the reads of a
  // note are synchronous, so one was never in flight while the next began.)
  const realFolders = new Map<string, string>()
  let batches = 0
  const realFolder = (path: string, folder: string): string => {
    let real = realFolders.get(folder)
    if (real === undefined) {
      real = realpathSync.native(folder)
      if (batches > 0) realFolders.set(folder, real)
    }
    assertInside(path, real)
    return real
  }
  // The file itself is a symlink: read what it leads to if that is inside the corpus; a link
  // that leads nowhere is refused by name rather than read as a missing file.
  const readThroughLink = async <T>(path: string, abs: string, open: (file: string) => Promise<T>): Promise<T> => {
    let real: string
    try {
      real = await fs.realpath(abs)
    } catch (error) {
      if (isMissingError(error)) throw new NotRegularFileError('a symbolic link that leads nowhere')
      throw error
    }
    assertInside(path, real)
    return open(real)
  }
  const readInside = async <T>(path: string, abs: string, open: (file: string) => Promise<T>): Promise<T> => {
    if (!OPENS_REFUSE_LINKS) return readThroughLink(path, abs, open)
    const folder = realFolder(path, nodePath.dirname(abs))
    try {
      return await open(nodePath.join(folder, nodePath.basename(abs)))
    } catch (error) {
      if (isLinkError(error)) return readThroughLink(path, abs, open)
      throw error
    }
  }
  // Opens or reads `path` under the corpus rules: null when missing, VaultError for the rest.
  const readRule = async <T>(path: string, open: (file: string) => Promise<T>): Promise<T | null> => {
    const abs = absolute(path)
    try {
      return await readInside(path, abs, open)
    } catch (error) {
      if (!(error instanceof VaultError || error instanceof NotRegularFileError) && isMissingError(error)) return null
      throw failure(path, 'read', error)
    }
  }

  // Folders already made and found inside the root: the log's folder is prepared once, not on
  // every append (a folder removed since then makes the next call fail; it is made again after).
  // Each missing folder is made one level at a time below a parent already found inside the
  // root, so a symlink on the way out is refused before anything is created out there. The first
  // write into a folder also removes the temporaries a killed writer left there.
  const preparedFolders = new Set<string>()
  const prepareFolder = async (path: string, abs: string): Promise<void> => {
    const folder = nodePath.dirname(abs)
    if (preparedFolders.has(folder)) return
    await fs.mkdir(absoluteRoot, { recursive: true })
    let current = absoluteRoot
    for (const segment of nodePath.relative(absoluteRoot, folder).split(nodePath.sep)) {
      if (segment === '') continue
      current = nodePath.join(current, segment)
      await fs.mkdir(current).catch(error => {
        if ((error as { code?: unknown }).code !== 'EEXIST') throw error
      })
      let real: string
      try {
        real = await fs.realpath(current)
      } catch (error) {
        if (isMissingError(error)) throw new NotRegularFileError('a symbolic link that leads nowhere, as a folder')
        throw error
      }
      assertInside(path, real)
    }
    await removeAbandonedTemporaries(folder)
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

  const writeAtomically = async (
    path: string,
    text: string,
    expected?: string,
    options?: WriteOptions,
  ): Promise<boolean> => {
    const abs = absolute(path)
    try {
      return await inPreparedFolder(path, abs, () =>
        writeRegularFileAtomically(nodePath.dirname(abs), nodePath.basename(abs), text, expected, options?.durable),
      )
    } catch (error) {
      throw failure(path, 'write', error)
    }
  }

  // Synchronous on purpose, as the stats are (stampOf): one folder's listing from the page cache
  // costs far less than a thread-pool round trip, and a load lists every folder before anything else.
  const listing = async (): Promise<{ files: string[]; skipped: SkippedEntry[] }> => {
    const files: string[] = []
    const skipped: SkippedEntry[] = []
    const walk = (folder: string, prefix: string): void => {
      let entries: Dirent[]
      try {
        entries = readdirSync(folder, { withFileTypes: true })
      } catch (error) {
        if (isMissingError(error) && prefix === '') return
        throw failure(prefix || '.', 'list', error)
      }
      for (const entry of entries) {
        // Dot names are never notes (SPEC 1). Symlinks are not followed, as Logseq's own readdir
        // does not follow them (the plugin and the CLI see one corpus), and what is neither a
        // regular file nor a folder is never read as one; both are said, never silently dropped.
        if (entry.name.startsWith('.')) continue
        const relative = prefix + entry.name
        // The absolute path only where it is used: a join for each of 10,000 notes was 5 % of a warm index.
        if (entry.isFile()) files.push(relative)
        else if (entry.isDirectory()) walk(nodePath.join(folder, entry.name), `${relative}/`)
        else skipped.push(skippedEntry(relative, nodePath.join(folder, entry.name), entry))
      }
    }
    walk(absoluteRoot, '')
    return { files: files.sort(), skipped: skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) }
  }

  return {
    description: `folder ${absoluteRoot} (Node fs)`,

    async list() {
      return (await listing()).files
    },

    listing,

    async read(path) {
      return readRule(path, readRegularFile)
    },

    async readChunks(path) {
      const opened = await readRule(path, openRegularFile)
      if (opened === null) return null
      return { size: opened.size, chunks: new FileChunks(path, opened.handle) }
    },

    async write(path, text, options) {
      await writeAtomically(path, text, undefined, options)
    },

    async writeIfUnchanged(path, text, expected, options) {
      return writeAtomically(path, text, expected, options)
    },

    async append(path, text) {
      const abs = absolute(path)
      const bytes = Buffer.from(text, 'utf8')
      try {
        await inPreparedFolder(path, abs, () => appendRegularFile(abs, bytes))
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
        // `wx` is O_CREAT|O_EXCL: it never follows a link, dangling or not (EEXIST then).
        await inPreparedFolder(path, abs, () => fs.writeFile(abs, text, { encoding: 'utf8', flag: 'wx' }))
        return true
      } catch (error) {
        if ((error as { code?: unknown }).code === 'EEXIST') return false
        throw failure(path, 'create', error)
      }
    },

    async readBatch(reads) {
      batches++
      try {
        return await reads()
      } finally {
        if (--batches === 0) realFolders.clear()
      }
    },

    async stat(path) {
      return stampOf(path)
    },

    async statAll(paths) {
      return paths.map(path => {
        try {
          return stampOf(path)
        } catch (error) {
          return failure(path, 'stat', error)
        }
      })
    },
  }
}

import { type Vault, VaultError } from '../ports/vault.js'
import { corpusSegments, isMissingError, messageOf } from './vault-paths.js'

/** `entries()` is async-iterable in every browser that has the API; TS's DOM lib omits it. */
type Listable = FileSystemDirectoryHandle & {
  entries(): AsyncIterableIterator<[string, FileSystemDirectoryHandle | FileSystemFileHandle]>
}

/**
 * The corpus in a folder the user picked with `showDirectoryPicker` (File System Access API).
 * A writable stream commits on close (the browser writes a swap file and moves it in place), so
 * `write` is atomic; there is no exclusive create and no append: append = read, add, write.
 */
export function fsaVault(dir: FileSystemDirectoryHandle, name: string): Vault {
  const failure = (path: string, action: string, error: unknown): VaultError =>
    error instanceof VaultError
      ? error
      : new VaultError(path, `cannot ${action}: ${messageOf(error)}`, { cause: error })

  /** The folder holding `path` and the file's own name; null when a folder on the way is missing. */
  const locate = async (
    path: string,
    create: boolean,
  ): Promise<{ folder: FileSystemDirectoryHandle; file: string } | null> => {
    const segments = corpusSegments(path)
    const file = segments.pop() as string
    let folder = dir
    for (const segment of segments) {
      try {
        folder = await folder.getDirectoryHandle(segment, { create })
      } catch (error) {
        if (!create && isMissingError(error)) return null
        throw error
      }
    }
    return { folder, file }
  }

  const fileOf = async (path: string): Promise<File | null> => {
    const place = await locate(path, false)
    if (place === null) return null
    try {
      return await (await place.folder.getFileHandle(place.file)).getFile()
    } catch (error) {
      if (isMissingError(error)) return null
      throw error
    }
  }

  const read = async (path: string): Promise<string | null> => {
    try {
      const file = await fileOf(path)
      return file === null ? null : await file.text()
    } catch (error) {
      throw failure(path, 'read', error)
    }
  }

  const write = async (path: string, text: string): Promise<void> => {
    try {
      const place = (await locate(path, true)) as { folder: FileSystemDirectoryHandle; file: string }
      const handle = await place.folder.getFileHandle(place.file, { create: true })
      const writable = await handle.createWritable()
      try {
        await writable.write(text)
        await writable.close()
      } catch (error) {
        await writable.abort().catch(() => undefined)
        throw error
      }
    } catch (error) {
      throw failure(path, 'write', error)
    }
  }

  return {
    description: `folder ${name} (File System Access)`,

    async list() {
      const found: string[] = []
      const walk = async (folder: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
        for await (const [entryName, entry] of (folder as Listable).entries()) {
          if (entryName.startsWith('.')) continue
          if (entry.kind === 'directory') await walk(entry as FileSystemDirectoryHandle, `${prefix}${entryName}/`)
          else found.push(prefix + entryName)
        }
      }
      try {
        await walk(dir, '')
      } catch (error) {
        throw failure('.', 'list', error)
      }
      return found.sort()
    },

    read,
    write,

    async append(path, text) {
      await write(path, ((await read(path)) ?? '') + text)
    },

    async remove(path) {
      try {
        const place = await locate(path, false)
        if (place !== null) await place.folder.removeEntry(place.file)
      } catch (error) {
        if (!isMissingError(error)) throw failure(path, 'remove', error)
      }
    },

    async stat(path) {
      try {
        const file = await fileOf(path)
        return file === null ? null : { mtimeMs: file.lastModified, size: file.size }
      } catch (error) {
        throw failure(path, 'stat', error)
      }
    },
  }
}

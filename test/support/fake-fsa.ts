/**
 * An in-memory File System Access folder with the API's observable behaviour: NotFoundError and
 * TypeMismatchError as DOMExceptions, `{ create: true }` to make entries, a writable stream that
 * replaces the file only on close, async `entries()`.
 */
class FakeFileHandle {
  readonly kind = 'file'
  content = ''
  lastModified = 0
  constructor(readonly name: string) {}
  async getFile() {
    const { content, lastModified, name } = this
    return { name, lastModified, size: new TextEncoder().encode(content).length, text: async () => content }
  }
  async createWritable() {
    let pending = ''
    return {
      write: async (chunk: string) => {
        pending += chunk
      },
      close: async () => {
        this.content = pending
        this.lastModified += 1
      },
      abort: async () => undefined,
    }
  }
}

class FakeDirectoryHandle {
  readonly kind = 'directory'
  readonly children = new Map<string, FakeDirectoryHandle | FakeFileHandle>()
  constructor(readonly name: string) {}

  private child<T extends FakeDirectoryHandle | FakeFileHandle>(
    name: string,
    create: boolean,
    make: () => T,
    kind: T['kind'],
  ): T {
    let entry = this.children.get(name)
    if (!entry) {
      if (!create) throw new DOMException(`${name} not found`, 'NotFoundError')
      entry = make()
      this.children.set(name, entry)
    }
    if (entry.kind !== kind) throw new DOMException(`${name} is not a ${kind}`, 'TypeMismatchError')
    return entry as T
  }
  async getDirectoryHandle(name: string, options: { create?: boolean } = {}) {
    return this.child(name, options.create ?? false, () => new FakeDirectoryHandle(name), 'directory')
  }
  async getFileHandle(name: string, options: { create?: boolean } = {}) {
    return this.child(name, options.create ?? false, () => new FakeFileHandle(name), 'file')
  }
  async removeEntry(name: string) {
    if (!this.children.delete(name)) throw new DOMException(`${name} not found`, 'NotFoundError')
  }
  async *entries() {
    yield* this.children.entries()
  }
}

export function fakeDirectory(name = 'notes'): FileSystemDirectoryHandle {
  return new FakeDirectoryHandle(name) as unknown as FileSystemDirectoryHandle
}

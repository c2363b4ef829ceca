import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import {
  type AccessEnvironment,
  chooseAccess,
  type DirectoryHandle,
  NO_ACCESS_HELP,
} from '../../src/plugin/file-access/access.js'
import type { HandleStore } from '../../src/plugin/file-access/handle-store.js'
import type { Vault } from '../../src/ports/vault.js'

function store(initial: unknown = undefined): HandleStore & { saved: unknown } {
  const s = {
    saved: initial,
    load: async () => s.saved,
    save: async (handle: unknown) => void (s.saved = handle),
    clear: async () => void (s.saved = undefined),
  }
  return s
}

function handle(
  permission: PermissionState,
  afterRequest: PermissionState = 'granted',
): DirectoryHandle & { asked: number } {
  const h = {
    kind: 'directory' as const,
    name: 'notes',
    asked: 0,
    queryPermission: async () => permission,
    requestPermission: async () => (h.asked++, afterRequest),
  }
  return h
}

const env = (over: Partial<AccessEnvironment>): AccessEnvironment => ({
  corpusPath: '',
  bridge: null,
  pickDirectory: null,
  fsaVault: () => memoryVault(),
  store: store(),
  ...over,
})

/** A vault whose root holds these folders (the bridge's stat answers for a folder too; the memory vault's does not). */
function corpusFolder(folders: string[]): Vault {
  const vault = memoryVault()
  return { ...vault, stat: async path => (folders.includes(path) ? { mtimeMs: 1, size: 0 } : vault.stat!(path)) }
}

describe('choosing the file access', () => {
  it('uses the desktop bridge with the folder from the settings', async () => {
    const roots: string[] = []
    const access = await chooseAccess(
      env({
        corpusPath: ' /home/me/notes ',
        bridge: { line: '2.x', open: root => (roots.push(root), corpusFolder(['internalise'])) },
        pickDirectory: async () => handle('granted'),
      }),
    )
    expect(access).toMatchObject({ kind: 'ready', label: 'Logseq desktop file bridge (2.x): /home/me/notes' })
    expect(roots).toEqual(['/home/me/notes'])
  })

  // Logseq saves the settings field at each pause in typing, and the bridge lists a whole tree:
  // "/home/me" on the way to "/home/me/notes" must not be listed.
  it('lists no folder through the bridge that holds none of the corpus folders, nor a relative path', async () => {
    const listed: string[] = []
    const folder = (folders: string[]) => {
      const vault = corpusFolder(folders)
      return { ...vault, list: async () => (listed.push('listed'), vault.list()) }
    }
    const at = (corpusPath: string, folders: string[]) =>
      chooseAccess(env({ corpusPath, bridge: { line: '0.10', open: () => folder(folders) } }))
    expect(await at('/home/me', [])).toMatchObject({
      kind: 'unavailable',
      label: expect.stringContaining('/home/me has no internalise/, reference/ or track/ folder'),
    })
    expect(await at('notes', ['internalise'])).toMatchObject({
      kind: 'unavailable',
      label: expect.stringContaining('"notes" is not an absolute path'),
    })
    expect((await at('C:\\Users\\me\\notes', ['track'])).kind).toBe('ready')
    expect((await at('/srv/notes', ['reference'])).kind).toBe('ready')
    expect(listed).toEqual([])
  })

  it('asks for the folder path when the bridge is there but no folder is set', async () => {
    const access = await chooseAccess(env({ bridge: { line: '0.10', open: () => memoryVault() } }))
    expect(access.kind).toBe('unavailable')
    expect(access.label).toContain('open the plugin settings')
  })

  it('asks the user to pick a folder, keeps the handle, and is then ready', async () => {
    const kept = store()
    const access = await chooseAccess(env({ pickDirectory: async () => handle('granted'), store: kept }))
    expect(access).toMatchObject({ kind: 'needs-click', action: 'pick' })
    if (access.kind !== 'needs-click') return
    const after = await access.run()
    expect(after).toMatchObject({ kind: 'ready', label: 'Folder picked in the browser (File System Access): notes' })
    expect(kept.saved).toMatchObject({ name: 'notes' })
  })

  it('asks again for permission on a kept handle after a restart', async () => {
    const kept = handle('prompt')
    const access = await chooseAccess(env({ pickDirectory: async () => handle('granted'), store: store(kept) }))
    expect(access).toMatchObject({ kind: 'needs-click', action: 'grant' })
    if (access.kind !== 'needs-click') return
    expect((await access.run()).kind).toBe('ready')
    expect(kept.asked).toBe(1)
  })

  it('reports a refused permission as an error', async () => {
    const access = await chooseAccess(
      env({ pickDirectory: async () => handle('granted'), store: store(handle('prompt', 'denied')) }),
    )
    if (access.kind !== 'needs-click') throw new Error('expected a click')
    await expect(access.run()).rejects.toThrow('Access to the folder "notes" was not granted.')
  })

  it('says what the user can do when neither way exists', async () => {
    expect(await chooseAccess(env({}))).toEqual({ kind: 'unavailable', label: NO_ACCESS_HELP })
  })
})

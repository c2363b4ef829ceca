import type { BridgeLine } from '../../adapters/logseq-bridge-vault.js'
import { INTENTS } from '../../core/types.js'
import type { Vault } from '../../ports/vault.js'
import type { HandleStore } from './handle-store.js'

/**
 * Which way the plugin reaches the corpus (ADR 0007), picked by feature detection:
 *   1. Logseq desktop's Electron bridge (`top.apis.doAction`, needs `effect: true`), folder from settings;
 *   2. the File System Access API (`showDirectoryPicker`), the handle kept in IndexedDB;
 *   3. neither: the user is told what they can do.
 */
export type Access =
  | { kind: 'ready'; vault: Vault; label: string }
  /** The FSA route needs a click: to pick a folder, or to grant access again after a restart. */
  | { kind: 'needs-click'; action: 'pick' | 'grant'; label: string; run: () => Promise<Access> }
  | { kind: 'unavailable'; label: string }

/** The parts of a FileSystemDirectoryHandle used here (the permission methods are not in TS's DOM lib yet). */
export interface DirectoryHandle {
  readonly kind: 'directory'
  readonly name: string
  queryPermission?(options: { mode: 'readwrite' }): Promise<PermissionState>
  requestPermission?(options: { mode: 'readwrite' }): Promise<PermissionState>
}

export interface AccessEnvironment {
  corpusPath: string
  /** The bridge when it is reachable (null otherwise): its line and `bridgeVault(root, doAction)`. */
  bridge: { line: BridgeLine; open: (root: string) => Vault } | null
  /** `window.showDirectoryPicker` when the frame has it. */
  pickDirectory: (() => Promise<DirectoryHandle>) | null
  fsaVault: (handle: DirectoryHandle) => Vault
  store: HandleStore
}

export const NO_ACCESS_HELP =
  "Notekeeper cannot reach your notes folder here: this frame has neither Logseq desktop's file bridge nor the File System Access API " +
  '(a browser only lets a top-level page or a frame of the same origin show a folder picker). ' +
  'Use Logseq desktop (0.10.x or 2.x) with Notekeeper installed from the marketplace or loaded unpacked, and set the corpus folder in the plugin settings.'

/**
 * Whether this frame may show a folder picker: a top-level page, or a frame of its parent's
 * origin. A cross-origin frame gets "Cross origin sub frames aren't allowed to show a file
 * picker", and a same-origin frame inside Logseq desktop has the bridge, which comes first: so the
 * File System Access path is for a plain browser or a same-origin host without the bridge.
 */
export function framePicksFiles(win: { top: unknown; self: unknown; showDirectoryPicker?: unknown }): boolean {
  if (typeof win.showDirectoryPicker !== 'function') return false
  if (win.top === win.self) return true
  try {
    return typeof (win.top as { location: { href: string } }).location.href === 'string'
  } catch {
    return false // reading a cross-origin top's location throws
  }
}

/** `/…` or, on Windows, `C:\…`, `C:/…` or `\\server\share…`. */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\')
}

/** Whether the vault's root holds internalise/, reference/ or track/ (one stat each, never a listing). */
async function holdsCorpusFolder(vault: Vault): Promise<boolean> {
  if (!vault.stat) return true
  const stat = vault.stat.bind(vault)
  for (const folder of INTENTS) if ((await stat(folder).catch(() => null)) !== null) return true
  return false
}

function isHandle(value: unknown): value is DirectoryHandle {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'directory'
}

export async function chooseAccess(env: AccessEnvironment): Promise<Access> {
  if (env.bridge) {
    const path = env.corpusPath.trim()
    if (path === '')
      return {
        kind: 'unavailable',
        label: `Logseq desktop file bridge (${env.bridge.line}) found, but no corpus folder is set: open the plugin settings and enter the absolute path of your notes folder.`,
      }
    const where = `Logseq desktop file bridge (${env.bridge.line})`
    if (!isAbsolutePath(path))
      return {
        kind: 'unavailable',
        label: `${where}: the corpus folder "${path}" is not an absolute path: enter the whole path of your notes folder in the plugin settings (/home/me/notes, C:\\Users\\me\\notes).`,
      }
    const vault = env.bridge.open(path)
    // Logseq saves the settings field at each pause in typing, and the bridge's listing walks a
    // whole tree in Logseq's main process: a pause after "/home/me" would walk the home folder.
    // Only a folder that holds one of the corpus's own folders is listed.
    if (!(await holdsCorpusFolder(vault)))
      return {
        kind: 'unavailable',
        label: `${where}: ${path} has no internalise/, reference/ or track/ folder, so it is not a Notekeeper corpus: check the corpus folder in the plugin settings (or create internalise/ in it to start one).`,
      }
    return { kind: 'ready', vault, label: `${where}: ${path}` }
  }
  const pick = env.pickDirectory
  if (!pick) return { kind: 'unavailable', label: NO_ACCESS_HELP }

  const picked = async (): Promise<Access> => {
    const handle = await pick()
    await env.store.save(handle)
    return grantedOrAsk(handle)
  }
  const grantedOrAsk = async (handle: DirectoryHandle): Promise<Access> => {
    const state = (await handle.queryPermission?.({ mode: 'readwrite' })) ?? 'granted'
    if (state === 'granted')
      return {
        kind: 'ready',
        vault: env.fsaVault(handle),
        label: `Folder picked in the browser (File System Access): ${handle.name}`,
      }
    return {
      kind: 'needs-click',
      action: 'grant',
      label: `File System Access: allow Notekeeper to read and write the folder "${handle.name}" again`,
      run: async () => {
        const answer = (await handle.requestPermission?.({ mode: 'readwrite' })) ?? 'denied'
        if (answer !== 'granted') throw new Error(`Access to the folder "${handle.name}" was not granted.`)
        return {
          kind: 'ready',
          vault: env.fsaVault(handle),
          label: `Folder picked in the browser (File System Access): ${handle.name}`,
        }
      },
    }
  }

  const stored = await env.store.load().catch(() => null)
  if (isHandle(stored)) return grantedOrAsk(stored)
  return {
    kind: 'needs-click',
    action: 'pick',
    label: 'File System Access: choose your notes folder (the one holding internalise/, reference/, track/)',
    run: picked,
  }
}

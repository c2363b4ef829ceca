import { type Vault, VaultError } from '../ports/vault.js'
import { corpusSegments, isMissingError, messageOf, tempName } from './vault-paths.js'

/** Logseq desktop's Electron preload bridge: `top.apis.doAction([action, ...args])`. */
export type DoAction = (args: unknown[]) => Promise<unknown>

/**
 * The two lines of the bridge (docs/plugin.md). 0.10.x (`handler.cljs` 740-756) resolves errors as
 * values and plain results. 2.x (master `handler.cljs` 593-611, `ipc.cljs` 28-36) transit-encodes
 * every result unless the last argument is `"js-obj"`; with it, results are plain and errors reject.
 */
export type BridgeLine = '0.10' | '2.x'

/**
 * Which line answers: asked once with an argument-free action. 0.10 answers the dot folder as a
 * plain string; 2.x answers a transit string such as `["~#'","/home/u/.logseq"]`.
 */
export async function bridgeLine(doAction: DoAction): Promise<BridgeLine> {
  const answer = await doAction(['getLogseqDotDirRoot']).catch(() => null)
  return typeof answer === 'string' && answer.startsWith('[') ? '2.x' : '0.10'
}

/** The bridge in the form this vault expects: on 2.x every call asks for plain JS ("js-obj"). */
export function lineAction(doAction: DoAction, line: BridgeLine): DoAction {
  return line === '2.x' ? args => doAction([...args, 'js-obj']) : doAction
}

export interface BridgeOptions {
  /**
   * Where `remove` moves a file before deleting it. The host's `unlink` really deletes only under
   * its dot-folder (`~/.logseq`); anywhere else it moves the file into `<repo>/logseq/.recycle`,
   * which would litter the corpus. Defaults to `<getLogseqDotDirRoot>/storages/notekeeper`.
   */
  trashDir?: string
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

/**
 * Failing handlers of the bridge RESOLVE with an Error from the host's realm (so `instanceof Error`
 * is false here) instead of rejecting; anything with an Error's fields counts as a failure.
 */
export function isErrorLike(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const { message, stack, name } = value as { message?: unknown; stack?: unknown; name?: unknown }
  return typeof message === 'string' && (typeof stack === 'string' || typeof name === 'string')
}

/** The bridge when this frame may reach it (same origin, `effect: true`), else null. */
export function detectBridge(win: unknown): DoAction | null {
  try {
    const top = (win as { top?: unknown } | null)?.top
    const apis = (top as { apis?: { doAction?: unknown } } | null | undefined)?.apis
    const doAction = apis?.doAction
    if (typeof doAction !== 'function') return null
    return args => Promise.resolve((doAction as (args: unknown[]) => unknown).call(apis, args))
  } catch {
    return null // a cross-origin `top` throws on access
  }
}

/** Host-realm Dates fail `instanceof Date`; take the number however it arrives. */
function millis(value: unknown): number {
  if (typeof value === 'number') return value
  if (typeof value === 'string') return Date.parse(value)
  if (typeof value === 'object' && value !== null && typeof (value as { getTime?: unknown }).getTime === 'function') {
    return (value as { getTime(): number }).getTime()
  }
  return Number.NaN
}

/** The corpus through the Electron bridge. The host writes whole files only: append = read, add, write. */
export function bridgeVault(root: string, doAction: DoAction, options: BridgeOptions = {}): Vault {
  const base = root.replace(/\\/g, '/').replace(/\/+$/, '')
  const absolute = (path: string): string => `${base}/${corpusSegments(path).join('/')}`
  const folderOf = (abs: string): string => abs.slice(0, abs.lastIndexOf('/'))
  let trash: Promise<string> | null = null

  const attempt = async (args: unknown[]): Promise<Outcome> => {
    try {
      const value = await doAction(args)
      return isErrorLike(value) ? { ok: false, error: value } : { ok: true, value }
    } catch (error) {
      return { ok: false, error }
    }
  }
  const must = async (path: string, what: string, args: unknown[]): Promise<unknown> => {
    const outcome = await attempt(args)
    if (!outcome.ok) throw new VaultError(path, `cannot ${what}: ${messageOf(outcome.error)}`, { cause: outcome.error })
    return outcome.value
  }

  const stat = async (path: string): Promise<{ mtimeMs: number; size: number } | null> => {
    const outcome = await attempt(['stat', absolute(path)])
    if (!outcome.ok) {
      if (isMissingError(outcome.error)) return null
      throw new VaultError(path, `cannot stat: ${messageOf(outcome.error)}`, { cause: outcome.error })
    }
    if (typeof outcome.value !== 'object' || outcome.value === null) return null
    const { size, mtime, mtimeMs } = outcome.value as { size?: unknown; mtime?: unknown; mtimeMs?: unknown }
    return { size: typeof size === 'number' ? size : 0, mtimeMs: typeof mtimeMs === 'number' ? mtimeMs : millis(mtime) }
  }

  const read = async (path: string): Promise<string | null> => {
    // The 0.10 host answers nothing both for a missing file and for an unreadable one; only a
    // missing file may read as null, or a writer would take an unreadable log for an empty one.
    // A file that another writer creates between our read and our stat (the lock, say) is no
    // failure, so ask again a few times before calling it unreadable.
    for (let tries = 0; tries < 5; tries++) {
      const outcome = await attempt(['readFile', absolute(path)])
      if (outcome.ok && typeof outcome.value === 'string') return outcome.value
      if (!outcome.ok) {
        if (isMissingError(outcome.error)) return null
        throw new VaultError(path, `cannot read: ${messageOf(outcome.error)}`, { cause: outcome.error })
      }
      if ((await stat(path)) === null) return null
    }
    throw new VaultError(path, 'cannot read: the host returned no text')
  }

  const write = async (path: string, text: string): Promise<void> => {
    const abs = absolute(path)
    const folder = folderOf(abs)
    await must(path, 'create its folder', ['mkdir-recur', folder])
    const temp = `${folder}/${tempName(abs.slice(folder.length + 1))}`
    // writeFile reports a failure only as a notification; the rename then fails on the missing
    // temp file, so a failed write can never pass for a good one.
    await must(path, 'write', ['writeFile', '', temp, text])
    const renamed = await attempt(['rename', temp, abs])
    if (!renamed.ok) {
      // The dot-named temp file may stay behind: invisible to every listing, and the host's
      // unlink would only move it into the corpus's own logseq/.recycle.
      throw new VaultError(path, `cannot write: ${messageOf(renamed.error)}`, { cause: renamed.error })
    }
  }

  const trashDir = (path: string): Promise<string> =>
    (trash ??= (async () => {
      const dir =
        options.trashDir ??
        `${String(await must(path, 'find the Logseq folder', ['getLogseqDotDirRoot'])).replace(/\\/g, '/')}/storages/notekeeper`
      await must(path, 'create the trash folder', ['mkdir-recur', dir])
      return dir
    })())

  return {
    description: `folder ${base} (Logseq desktop bridge)`,

    async list() {
      const outcome = await attempt(['readdir', base])
      if (!outcome.ok) {
        if (isMissingError(outcome.error)) return []
        throw new VaultError('.', `cannot list: ${messageOf(outcome.error)}`, { cause: outcome.error })
      }
      if (!Array.isArray(outcome.value)) return []
      return outcome.value
        .filter((entry): entry is string => typeof entry === 'string')
        .map(entry => entry.replace(/\\/g, '/'))
        .filter(entry => entry.startsWith(`${base}/`))
        .map(entry => entry.slice(base.length + 1))
        .filter(entry => !entry.split('/').some(segment => segment.startsWith('.')))
        .sort()
    },

    read,
    write,

    async append(path, text) {
      await write(path, ((await read(path)) ?? '') + text)
    },

    async remove(path) {
      if ((await stat(path)) === null) return
      const dir = await trashDir(path)
      const parked = `${dir}/${tempName('removed')}`
      const moved = await attempt(['rename', absolute(path), parked])
      if (!moved.ok) {
        if (isMissingError(moved.error)) return
        throw new VaultError(path, `cannot remove: ${messageOf(moved.error)}`, { cause: moved.error })
      }
      // Gone from the corpus already; deleting the parked copy is housekeeping.
      await attempt(['unlink', dir, parked])
    },

    stat,
  }
}

import fs from 'node:fs'
import nodePath from 'node:path'
import vm from 'node:vm'
import type { DoAction } from '../../src/adapters/logseq-bridge-vault.js'

/**
 * A stand-in for Logseq 0.10's Electron bridge (`top.apis.doAction`) over a real folder, with the
 * host's habits as research/logseq.md §1.2 and electron/handler.cljs show them:
 * - a failing handler RESOLVES with an Error made in another realm (`instanceof Error` is false);
 * - `readFile` answers nothing (not an error) for a missing file;
 * - `writeFile` swallows its own failure (the host only shows a notification) and writes whole files;
 * - `readdir` is recursive, absolute, skips dot names and symlinks;
 * - `stat.mtime` is a Date from the other realm;
 * - `unlink` deletes only under the Logseq dot-folder, and elsewhere moves the file to `<repo>/logseq/.recycle`.
 * Every call yields to the event loop first, as the IPC round trip does.
 */
export function fakeBridge(options: { dotRoot: string; failWrites?: boolean; crossDevice?: boolean }) {
  const hostRealm = vm.createContext({})
  const hostError = (error: unknown): unknown =>
    vm.runInContext('(m, c) => Object.assign(new Error(m), { code: c })', hostRealm)(
      (error as Error).message,
      (error as { code?: string }).code,
    )
  const hostDate = (ms: number): unknown => vm.runInContext('(ms) => new Date(ms)', hostRealm)(ms)
  const calls: string[] = []

  const readdir = (dir: string): string[] => {
    const out: string[] = []
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isSymbolicLink() || entry.name.startsWith('.')) continue
      const full = nodePath.join(dir, entry.name)
      if (entry.isDirectory()) out.push(...readdir(full))
      else out.push(full)
    }
    return out
  }

  const handlers: Record<string, (...args: unknown[]) => unknown> = {
    readFile: path => (fs.existsSync(path as string) ? fs.readFileSync(path as string).toString() : undefined),
    writeFile: (_repo, path, content) => {
      try {
        if (options.failWrites) throw new Error(`EACCES: permission denied, open '${String(path)}'`)
        fs.writeFileSync(path as string, content as string)
        const stats = fs.statSync(path as string)
        return { size: stats.size, mtime: hostDate(stats.mtimeMs) }
      } catch {
        return undefined // the host sends a notification and resolves with nothing
      }
    },
    // crossDevice: the notes on another drive than ~/.logseq, where a rename between them fails
    rename: (from, to) => {
      const inDot = (p: unknown) => nodePath.normalize(String(p)).startsWith(options.dotRoot)
      if (options.crossDevice && inDot(from) !== inDot(to))
        throw Object.assign(new Error(`EXDEV: cross-device link not permitted, rename '${String(from)}'`), {
          code: 'EXDEV',
        })
      fs.renameSync(from as string, to as string)
    },
    stat: path => {
      const stats = fs.statSync(path as string)
      return { size: stats.size, mtime: hostDate(stats.mtimeMs), ctime: hostDate(stats.ctimeMs) }
    },
    'mkdir-recur': dir => fs.mkdirSync(dir as string, { recursive: true }),
    readdir: dir => readdir(dir as string),
    unlink: (repoDir, path) => {
      const file = path as string
      if (nodePath.normalize(file).startsWith(options.dotRoot)) return fs.unlinkSync(file)
      try {
        const recycle = `${String(repoDir)}/logseq/.recycle`
        fs.mkdirSync(recycle, { recursive: true })
        fs.renameSync(file, `${recycle}/${file.replace(`${String(repoDir)}/`, '').replace(/[/\\]/g, '_')}`)
      } catch {
        // swallowed by the host
      }
      return undefined
    },
    getLogseqDotDirRoot: () => options.dotRoot,
  }

  const doAction: DoAction = async args => {
    await new Promise(resolve => setImmediate(resolve))
    const [action, ...rest] = args
    calls.push(String(action))
    const handler = handlers[String(action)]
    if (!handler) return hostError(new Error(`Not existed method #${String(action)}`))
    try {
      return handler(...rest)
    } catch (error) {
      return hostError(error)
    }
  }
  return { doAction, calls, hostError }
}

import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { join, resolve, sep } from 'node:path'

/**
 * The Electron main process's side of `apis.doAction`, on real files, with each line's
 * semantics (0.10.15 `src/electron/electron/handler.cljs`; master the same handlers behind the
 * transit/js-obj wrapper, which host-page.js applies). Returns `{value}` or `{error}`: the
 * host page turns an error into a resolved Error (0.10, without its code) or a rejection (2.x
 * with "js-obj").
 */
export type Line = '0.10' | '2.x'

export interface BridgeWorld {
  line: Line
  /** The Logseq dot folder (`~/.logseq`): the only place `unlink` really deletes. */
  dotDir: string
  /** Paths (absolute) the host process cannot read: EACCES, which 0.10 reports as nil. */
  unreadable: Set<string>
  /** The notes sit on another file system than ~/.logseq: a rename between them fails with EXDEV. */
  crossDevice: boolean
  /** Every action the plugin asked for, in order. */
  log: string[][]
}

export type BridgeAnswer = { value?: unknown; error?: string }

const wire = (value: unknown): unknown => (value instanceof Date ? { $date: value.getTime() } : value)

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue // handler.cljs readdir: no dot-names
    const path = join(dir, name)
    const info = lstatSync(path)
    if (info.isSymbolicLink()) continue
    if (info.isDirectory()) walk(path, out)
    else if (info.isFile()) out.push(path.split(sep).join('/'))
  }
}

const under = (path: string, dir: string): boolean => resolve(path).startsWith(resolve(dir) + sep)

export function bridgeAction(world: BridgeWorld, args: unknown[]): BridgeAnswer {
  const [action, ...rest] = args as [string, ...string[]]
  world.log.push(args.map(String))
  const rename = (from: string, to: string): void => {
    if (world.crossDevice && under(from, world.dotDir) !== under(to, world.dotDir))
      throw new Error(`EXDEV: cross-device link not permitted, rename '${from}' -> '${to}'`)
    renameSync(from, to)
  }
  try {
    switch (action) {
      case 'mkdir-recur':
        mkdirSync(rest[0]!, { recursive: true })
        return { value: null }
      case 'readdir': {
        const out: string[] = []
        walk(rest[0]!, out)
        return { value: out }
      }
      case 'readFile': {
        const path = rest[0]!
        if (!existsSync(path)) return { value: null }
        if (world.unreadable.has(resolve(path))) {
          // 0.10: nil, exactly as for a missing file; master (js-obj): the error rejects
          if (world.line === '0.10') return { value: null }
          return { error: `EACCES: permission denied, open '${path}'` }
        }
        return { value: readFileSync(path, 'utf8') }
      }
      case 'writeFile': {
        const [, path, content] = rest
        try {
          writeFileSync(path!, content ?? '')
          return { value: null }
        } catch (error) {
          // 0.10: a notification and nil; master with js-obj rejects
          if (world.line === '0.10') return { value: null }
          throw error
        }
      }
      case 'rename':
        rename(rest[0]!, rest[1]!)
        return { value: null }
      case 'unlink': {
        const path = rest[1]!
        if (under(path, world.dotDir)) unlinkSync(path)
        else {
          const storage = join(world.dotDir, 'storages', 'recycle')
          mkdirSync(storage, { recursive: true })
          rename(path, join(storage, `${Date.now()}-${path.split('/').pop()}`))
        }
        return { value: null }
      }
      case 'stat': {
        const info = statSync(rest[0]!)
        return { value: { size: info.size, mtime: wire(info.mtime), ctime: wire(info.ctime) } }
      }
      case 'getLogseqDotDirRoot':
        return { value: world.dotDir }
      default:
        return { error: `unknown action ${action}` }
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    // master's stat with js-obj resolves nil when it fails (research: logseq-host.md)
    if (action === 'stat' && world.line === '2.x') return { value: null }
    return { error: message }
  }
}

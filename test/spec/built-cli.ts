import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { sharedBuild } from '../support/shared-build.js'

// The `notekeeper` binary built with the repository's own vite config (mode `cli`), for tests
// that need real processes: a time zone is read once at start-up, a lock is between processes.

const REPO = join(import.meta.dirname, '..', '..')

export interface BuiltCli {
  bin: string
  /** The folder laid out like the checkout: dist/cli/, node_modules and examples beside it. */
  root: string
  remove: () => void
}

/** The CLI as `npm run build:cli` builds it; built once per test run (test/support/shared-build.ts). */
export async function buildCli(): Promise<BuiltCli> {
  const built = await sharedBuild(
    'cli',
    async dir => {
      // The build keeps its dependencies external; Node finds them through this link. The examples
      // link lets start.js find the example corpus, as from the checkout.
      symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir')
      symlinkSync(join(REPO, 'examples'), join(dir, 'examples'), 'dir')
      await build({
        configFile: join(REPO, 'vite.config.ts'),
        mode: 'cli',
        logLevel: 'warn',
        build: { outDir: join(dir, 'dist', 'cli'), emptyOutDir: true },
      })
    },
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'notekeeper-spec-build-'))
      return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
    },
  )
  return { bin: join(built.dir, 'dist', 'cli', 'notekeeper.js'), root: built.dir, remove: built.remove }
}

export interface ProcessResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs the built binary in its own process (asynchronously, so that several can overlap). */
export function runBuilt(
  bin: string,
  args: string[],
  env: Record<string, string> = {},
  /** Run as this user (and group of the same number); root only. */
  uid?: number,
  cwd?: string,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(uid !== undefined && { uid, gid: uid }),
      ...(cwd !== undefined && { cwd }),
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', code => resolve({ code, stdout, stderr }))
  })
}

import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'

// The `notekeeper` binary built with the repository's own vite config (mode `cli`), for tests
// that need real processes: a time zone is read once at start-up, a lock is between processes.

const REPO = join(import.meta.dirname, '..', '..')

export interface BuiltCli {
  bin: string
  remove: () => void
}

export async function buildCli(): Promise<BuiltCli> {
  const work = mkdtempSync(join(tmpdir(), 'notekeeper-spec-build-'))
  // The build keeps its dependencies external; Node finds them through this link.
  symlinkSync(join(REPO, 'node_modules'), join(work, 'node_modules'), 'dir')
  await build({
    configFile: join(REPO, 'vite.config.ts'),
    mode: 'cli',
    logLevel: 'warn',
    build: { outDir: join(work, 'cli'), emptyOutDir: true },
  })
  return { bin: join(work, 'cli', 'notekeeper.js'), remove: () => rmSync(work, { recursive: true, force: true }) }
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

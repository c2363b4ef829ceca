import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * One build of each kind (the CLI, the plugin, a test's worker bundle) per `vitest run`, shared by
 * every test file and both time zones' projects that ask for it, instead of one build per file
 * (ten vite builds per time zone before). The first worker to ask builds it; the others wait for it.
 * Built lazily, not in the global setup, so that a run of one unit test file builds nothing.
 *
 * The folder lives in the run's temp folder (NOTEKEEPER_TEST_RUN, test/support/global-setup.ts),
 * which removes it at the end. Outside such a run (the bench's vitest config) each caller builds
 * into a folder of its own, as before, and removes it itself.
 */
export interface SharedBuild {
  dir: string
  /** Removes a private build; a shared one stays until the run ends. */
  remove: () => void
}

const WAIT_MS = 240_000

/** The folder of the shared builds, or null outside a vitest run with the global setup. */
export function sharedBuildsFolder(): string | null {
  const run = process.env['NOTEKEEPER_TEST_RUN']
  return run ? join(run, 'builds') : null
}

/**
 * Builds `kind` with `make(dir)` once per run (dir: an empty folder to build into), or returns the
 * folder another worker built. `privateDir` makes the folder when there is no shared run.
 */
export async function sharedBuild(
  kind: string,
  make: (dir: string) => Promise<void>,
  privateDir: () => SharedBuild,
): Promise<SharedBuild> {
  const builds = sharedBuildsFolder()
  if (!builds) {
    const own = privateDir()
    await make(own.dir)
    return own
  }
  const dir = join(builds, kind)
  const failed = `${dir}.failed`
  const keep = { dir, remove: () => undefined }
  mkdirSync(builds, { recursive: true })
  if (existsSync(dir)) return keep
  let mine = false
  try {
    mkdirSync(`${dir}.lock`) // atomic: exactly one worker of the run gets it
    mine = true
  } catch {
    // another worker is building it
  }
  if (mine) {
    // Built beside and renamed into place, so a waiter never sees half a build.
    const partial = `${dir}.partial`
    rmSync(partial, { recursive: true, force: true })
    mkdirSync(partial)
    try {
      await make(partial)
      renameSync(partial, dir)
      return keep
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? (error.stack ?? error.message) : String(error))
      throw error
    }
  }
  const deadline = Date.now() + WAIT_MS
  while (!existsSync(dir)) {
    if (existsSync(failed)) throw new Error(`the shared ${kind} build failed:\n${readFileSync(failed, 'utf8')}`)
    if (Date.now() > deadline) throw new Error(`waited ${WAIT_MS / 1000} s for the shared ${kind} build in ${dir}`)
    await new Promise(done => setTimeout(done, 100))
  }
  return keep
}

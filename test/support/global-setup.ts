import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Each `vitest run` gets a temp folder of its own (TMPDIR, inherited by the test workers and the
 * processes they start) and a cache folder inside it (XDG_CACHE_HOME: the CLI's link cache never
 * lands in the user's home). Other runs on the same machine do not share it, so what is left in
 * it at the end was left by this run: the run fails, naming what a test did not clean up.
 */
export default function setup(): () => void {
  // Both vitest projects run this; the first one's folder serves the whole run.
  if (process.env['NOTEKEEPER_TEST_RUN']) return () => undefined
  const run = mkdtempSync(join(tmpdir(), 'notekeeper-test-run-'))
  const previous = { TMPDIR: process.env['TMPDIR'], XDG_CACHE_HOME: process.env['XDG_CACHE_HOME'] }
  process.env['NOTEKEEPER_TEST_RUN'] = run
  process.env['TMPDIR'] = run
  process.env['XDG_CACHE_HOME'] = join(run, 'cache')
  return () => {
    delete process.env['NOTEKEEPER_TEST_RUN']
    for (const [name, value] of Object.entries(previous))
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    // The builds shared by the run's test files (test/support/shared-build.ts) are the run's own.
    rmSync(join(run, 'builds'), { recursive: true, force: true })
    const left = readdirSync(run).filter(name => name !== 'cache')
    // Every CLI run keeps its scan cache and its log cache there (one file of each per corpus,
    // src/app/scan-cache.ts, src/app/log-cache.ts; the scan cache `.bin` since ADR 0026): expected.
    const cached = safeList(join(run, 'cache')).flatMap(name =>
      name === 'notekeeper'
        ? safeList(join(run, 'cache', name))
            .filter(entry => !/^(scan-[0-9a-f]{16}\.(?:json|bin)|log-[0-9a-f]{16}\.bin)$/.test(entry))
            .map(entry => `${name}/${entry}`)
        : [name],
    )
    rmSync(run, { recursive: true, force: true })
    const problems = [
      ...(left.length > 0 ? [`tests left ${left.length} entries in the temp folder: ${left.sort().join(', ')}`] : []),
      ...(cached.length > 0 ? [`tests left the CLI cache behind: ${cached.join(', ')}`] : []),
    ]
    // vitest reports an error thrown here but still exits 0; the exit code is what CI reads.
    for (const problem of problems) console.error(`\nFAIL temp-folder check: ${problem}\n`)
    if (problems.length > 0) process.exitCode = 1
  }
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder)
  } catch {
    return []
  }
}

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// The benchmark's corpora are 150 MB each, and a run stopped by Ctrl-C or by a timeout never
// reaches its `finally`: they were left in the temporary folder, one a stopped run. A signal
// handler cannot help (the benchmark waits in spawnSync, and the handler would run only after
// the measurements): instead each folder names the process that made it, and the next run
// removes those whose process is gone. A folder to keep (`--keep`) names none and stays.

const OWNER = '.notekeeper-bench-owner'

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM'
  }
}

/** Removes the folders of `prefix` left by benchmark runs that were stopped. */
function removeLeftovers(prefix: string): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(prefix)) continue
    const folder = join(tmpdir(), name)
    let pid: number
    try {
      pid = Number(readFileSync(join(folder, OWNER), 'utf8'))
    } catch {
      continue // no owner: kept on purpose, another tool's, or not a folder
    }
    if (Number.isInteger(pid) && pid > 0 && !isRunning(pid)) rmSync(folder, { recursive: true, force: true })
  }
}

/** A new folder under the system's temporary folder, `remove` deleting it; one a stopped run left is removed by the next run unless `keep`. */
export function temporaryFolder(prefix: string, options: { keep?: boolean } = {}): { path: string; remove(): void } {
  removeLeftovers(prefix)
  const path = mkdtempSync(join(tmpdir(), prefix))
  if (!options.keep) writeFileSync(join(path, OWNER), String(process.pid))
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) }
}

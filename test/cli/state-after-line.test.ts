import { promises, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cli, copyCorpus } from '../support/cli.js'

// QA: when state.json could not be written after the review's line was appended (a full disk, an
// I/O error at the rename), `grade` and `undo` exited 2 ("nothing written", SPEC 3) and said only
// "state.json: cannot write". The line was in the log: a script that retried recorded the review
// twice, and a retried undo took back a second review.

const DAY = '2026-11-30'
const LOG = 'internalise/.srs/log.jsonl'
const logLines = (dir: string): string[] => readFileSync(join(dir, LOG), 'utf8').split('\n').filter(Boolean)

/** Every rename onto state.json fails as a full disk would make it; the log's appends go through. */
function stateCannotBeWritten(): void {
  const rename = promises.rename
  vi.spyOn(promises, 'rename').mockImplementation(async (from, to) => {
    if (String(to).endsWith('state.json'))
      throw Object.assign(new Error('ENOSPC: no space left on device, rename'), { code: 'ENOSPC' })
    return rename(from, to)
  })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a line appended, then state.json not written', () => {
  it('grade: exit 1, saying the review is in the log and naming state.json', async () => {
    const dir = copyCorpus()
    const before = logLines(dir)
    stateCannotBeWritten()
    const result = await cli(['grade', 'git#bisect', 'good', '--corpus', dir, '--today', DAY])
    expect(logLines(dir).slice(before.length)).toEqual(['{"item":"git#bisect","date":"2026-11-30","grade":"good"}'])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('git#bisect: good on 2026-11-30 is in the log (do not grade it again)')
    expect(result.stderr).toContain('internalise/.srs/state.json: cannot write: ENOSPC')
  })

  it('undo: exit 1, saying the void is in the log, so that it is not run again', async () => {
    const dir = copyCorpus()
    expect((await cli(['grade', 'git#bisect', 'good', '--corpus', dir, '--today', DAY])).code).toBe(0)
    const before = logLines(dir)
    stateCannotBeWritten()
    const result = await cli(['undo', 'git#bisect', '--corpus', dir, '--today', DAY])
    expect(logLines(dir).slice(before.length)).toEqual(['{"item":"git#bisect","date":"2026-11-30","void":"good"}'])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      'git#bisect: the good of 2026-11-30 is taken back in the log (do not undo it again)',
    )
    expect(result.stderr).toContain('internalise/.srs/state.json: cannot write: ENOSPC')
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { LockTimeoutError } from '../../src/app/lock.js'
import { LogWriteError } from '../../src/app/log-writer.js'
import { cli, copyCorpus } from '../support/cli.js'

// The lock and the log writer are exercised for real in test/spec/log-writers.test.ts; here only
// what the person sees when they fail, which needs a 30 s wait or a race to happen for real.
const failure = vi.hoisted(() => ({ error: null as Error | null }))
vi.mock('../../src/app/log-writer.js', async original => {
  const actual = await original<typeof import('../../src/app/log-writer.js')>()
  return {
    ...actual,
    appendReviews: async (...args: Parameters<typeof actual.appendReviews>) => {
      if (failure.error) throw failure.error
      return actual.appendReviews(...args)
    },
    appendAfterMark: async (...args: Parameters<typeof actual.appendAfterMark>) => {
      if (failure.error) throw failure.error
      return actual.appendAfterMark(...args)
    },
  }
})

afterEach(() => {
  failure.error = null
  vi.unstubAllEnvs()
})

describe('a failed append reaches the person as one sentence', () => {
  const grade = async (): Promise<{ code: number; stderr: string }> => {
    const dir = copyCorpus()
    const due = JSON.parse((await cli(['due', '--json', '--corpus', dir, '--today', '2026-11-30'])).stdout) as {
      due: { id: string }[]
    }
    return cli(['grade', due.due[0]!.id, 'good', '--corpus', dir, '--today', '2026-11-30'])
  }

  it('LockTimeoutError: exit 2, the lock file named, no stack', async () => {
    failure.error = new LockTimeoutError('host:123', 30_000)
    const result = await grade()
    expect(result.code).toBe(2)
    // The example's planted log lines are warned about first; then the one sentence.
    const lines = result.stderr
      .trimEnd()
      .split('\n')
      .filter(line => !line.startsWith('notekeeper: warning:'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^notekeeper: The review log is locked by another writer \(internalise\/\.srs\/log\.lock/)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it('LogWriteError: exit 2, the log named and the unsaved line shown, no stack', async () => {
    failure.error = new LogWriteError(['{"item":"a#b","date":"2026-11-30","grade":"good"}'])
    const result = await grade()
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^notekeeper: The review log was changed by another program/m)
    expect(result.stderr).toContain('internalise/.srs/log.jsonl')
    expect(result.stderr).toContain('{"item":"a#b"')
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it('NOTEKEEPER_DEBUG=1 adds the stack', async () => {
    vi.stubEnv('NOTEKEEPER_DEBUG', '1')
    failure.error = new LockTimeoutError(null, 30_000)
    const result = await grade()
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/\n\s+at /)
  })
})

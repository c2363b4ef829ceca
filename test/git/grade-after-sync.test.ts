import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { gradeItem } from '../../src/app/grade-review.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { acquireLogLock } from '../../src/app/lock.js'
import { LOG_PATH, STATE_PATH } from '../../src/core/corpus.js'

// Issue 12, point 4: a sync changes the log underneath an open corpus (another device's reviews
// arrive in a merge). The next grade, on a host that writes whole files as the plugin's do, must
// pick them up and append after them, never write back the log it had loaded.

const NOTE = '= Words\n:intent: internalise\n\n[qanda]\n[[alpha]]Alpha?:: 1.\n[[beta]]Beta?:: 2.\n'
const line = (item: string, date: string, grade: string): string => `${JSON.stringify({ item, date, grade })}\n`

describe('a grade after the log grew underneath', () => {
  it('keeps the other device’s reviews that arrived after loading, appends after them, and counts them in the state', async () => {
    const mine = line('words#alpha', '2026-12-01', 'good')
    const vault = memoryVault({ 'internalise/words.adoc': NOTE, [LOG_PATH]: mine })
    const loaded = await loadCorpus(vault) // the plugin's open corpus, before the sync
    const merged = mine + line('words#beta', '2026-12-01', 'easy') + line('words#alpha', '2026-12-01', 'good')
    vault.files.set(LOG_PATH, merged) // git writes the merged log: no lock, no Vault

    const { state } = await gradeItem(vault, loaded, 'words#alpha', 'hard', '2026-12-02', '2026-12-02')

    expect(vault.files.get(LOG_PATH)).toBe(merged + line('words#alpha', '2026-12-02', 'hard'))
    expect(state['words#alpha']?.reps).toBe(3)
    expect(state['words#beta']?.reps).toBe(1)
    expect(JSON.parse(vault.files.get(STATE_PATH) ?? '{}')['words#beta'].reps).toBe(1)
  })

  it('waits while a sync holds the writers’ lock, then appends after what the merge wrote', async () => {
    const vault = memoryVault({ 'internalise/words.adoc': NOTE, [LOG_PATH]: '' })
    const loaded = await loadCorpus(vault)
    const syncLock = await acquireLogLock(vault, { pauseMs: 1 })
    const grading = gradeItem(vault, loaded, 'words#beta', 'good', '2026-12-02', '2026-12-02')
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(vault.files.get(LOG_PATH)).toBe('') // the grade is waiting for the lock
    const theirs = line('words#beta', '2026-12-01', 'again')
    vault.files.set(LOG_PATH, theirs) // the merge, under the sync's lock
    await syncLock.release()
    await grading
    expect(vault.files.get(LOG_PATH)).toBe(theirs + line('words#beta', '2026-12-02', 'good'))
  })
})

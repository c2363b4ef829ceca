// limits.noteBytes (SPEC 1.8): a note over the limit is reported with its size and skipped; every
// other note still counts, in validate and in due.

import { describe, expect, it } from 'vitest'
import { config, LOG, logOf, makeCorpus, qandaNote, run, STATE, validateJson } from '../spec/corpus-kit.js'

const TODAY = '2026-05-10'

describe('a note over limits.noteBytes', () => {
  it('is note-unreadable with its size, and the other notes still count', async () => {
    const big = `${qandaNote('Big', ['hidden'])}\n${'é'.repeat(600)}\n` // 1,200+ bytes, 600+ characters
    const dir = makeCorpus({
      ...config({ limits: { noteBytes: 1000 } }),
      'internalise/small.adoc': qandaNote('Small', ['kept']),
      'internalise/big.adoc': big,
      [LOG]: logOf([
        ['small#kept', '2026-05-01', 'good'],
        ['big#hidden', '2026-05-01', 'good'],
      ]),
      [STATE]: `${JSON.stringify({
        'small#kept': { level: 1, next_due: '2026-05-02', reps: 1 },
        'big#hidden': { level: 1, next_due: '2026-05-02', reps: 1 },
      })}\n`,
    })
    const { findings } = await validateJson(dir, TODAY)
    const unreadable = findings.filter(f => f.rule === 'note-unreadable')
    expect(unreadable.map(f => [f.file, f.severity, f['bytes']])).toEqual([
      ['internalise/big.adoc', 'error', new TextEncoder().encode(big).length],
    ])
    expect(unreadable[0]?.message).toContain('limits.noteBytes')
    const due = await run(dir, TODAY, 'due', '--json')
    expect((JSON.parse(due.stdout) as { due: { id: string }[] }).due.map(d => d.id)).toEqual(['small#kept'])
  })

  it('is read under the default limit, which is a few MB', async () => {
    const dir = makeCorpus({ 'internalise/n.adoc': `${qandaNote('N', ['a'])}\n${'word '.repeat(100_000)}\n` })
    const { findings } = await validateJson(dir, TODAY)
    expect(findings.filter(f => f.rule === 'note-unreadable')).toEqual([])
  })

  it('refuses a limit that is not a positive whole number as config-invalid', async () => {
    const dir = makeCorpus({ ...config({ limits: { noteBytes: -5 } }), 'internalise/n.adoc': qandaNote('N', ['a']) })
    const { findings } = await validateJson(dir, TODAY)
    expect(findings.filter(f => f.rule === 'config-invalid').map(f => f.message)).toEqual([
      expect.stringContaining('limits.noteBytes'),
    ])
  })
})

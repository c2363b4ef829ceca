import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  CONFIG,
  changedPaths,
  exists,
  LOG,
  logOf,
  makeCorpus,
  qandaNote,
  run,
  STATE,
  snapshot,
  validateJson,
} from './corpus-kit.js'

// SPEC 2 and 3: validate's exit status, and that it writes state.json and nothing else.

const TODAY = '2026-05-10'
const DECK = 'internalise/deck.adoc'

describe('exit status and writes', () => {
  it('exits 0 with only warnings and infos, 1 with an error', async () => {
    expect(
      (
        await validateJson(
          makeCorpus({ [DECK]: qandaNote('Deck', ['a']), [LOG]: logOf([['x#y', '2026-05-01', 'good']]) }),
          TODAY,
        )
      ).code,
    ).toBe(0)
    expect((await validateJson(makeCorpus({ [DECK]: qandaNote('Deck', ['a']), [LOG]: 'oops\n' }), TODAY)).code).toBe(1)
  })

  it('exits 2 on bad usage and on a corpus folder that does not exist, writing nothing', async () => {
    const dir = makeCorpus({ [DECK]: qandaNote('Deck', ['a']) })
    const before = snapshot(dir)
    expect((await run(dir, '2026-02-30', 'validate')).code).toBe(2)
    expect((await run(dir, TODAY, 'frobnicate')).code).toBe(2)
    expect((await run(join(dir, 'no-such-folder'), TODAY, 'validate')).code).toBe(2)
    expect(changedPaths(before, snapshot(dir))).toEqual([])
  })

  it('--dry-run writes nothing, even when the state needs registering, dropping and regenerating', async () => {
    const dir = makeCorpus({
      [DECK]: qandaNote('Deck', ['a', 'b']),
      [LOG]: logOf([['deck#a', '2026-05-01', 'good']]),
      [STATE]: JSON.stringify({
        'deck#a': { level: 6, next_due: '2027-01-01', reps: 9 },
        'gone#g': { level: 1, next_due: '2026-05-01', reps: 0 },
      }),
    })
    const before = snapshot(dir)
    const { findings } = await validateJson(dir, TODAY, '--dry-run')
    expect(findings.map(f => f.rule).sort()).toEqual(['item-without-state', 'state-drift', 'state-without-item'])
    expect(changedPaths(before, snapshot(dir))).toEqual([])
  })

  it('validate writes state.json and nothing else', async () => {
    const dir = makeCorpus({
      [DECK]: qandaNote('Deck', ['a', 'b']),
      'reference/r.adoc': '= R\n:intent: reference\n',
      'track/t.adoc': '= T\n:intent: track\n\n== Now\n* one\n',
      [LOG]:
        logOf([
          ['deck#a', '2026-05-01', 'good'],
          ['zzz#z', '2026-05-02', 'good'],
        ]) + 'bad line',
      [CONFIG]: JSON.stringify({ leechThreshold: 3 }),
    })
    const before = snapshot(dir)
    const { code } = await validateJson(dir, TODAY)
    expect(code).toBe(1)
    expect(changedPaths(before, snapshot(dir))).toEqual([STATE])
    expect(exists(dir, 'internalise/.srs/log.lock')).toBe(false)
  })
})

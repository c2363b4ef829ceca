import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import { replay } from '../../src/core/replay.js'
import { leitner } from '../../src/core/schedulers/leitner.js'
import { validate } from '../../src/core/validate.js'
import { corpusOf, itemNote } from '../support/corpus-fixture.js'

// An item renamed twice (n#a to n#b, later n#b to n#c): its reviews count for n#c (SPEC 1.8
// `aliases`). Validate once followed one hop and called the review of n#a "left out of the
// state" while replay gave n#c reps 1; both now ask the one resolution of aliases.ts.

const TODAY = '2026-11-30'
const note = itemNote('internalise/n.adoc', ['c'], {
  title: 'N',
  attributes: [{ name: 'intent', value: 'internalise', line: 2 }],
  items: [{ id: 'n#c', anchor: 'c', prompt: 'Q', response: 'R', line: 5 }],
})

describe('an alias chain a → b → c', () => {
  const aliases = { 'n#a': 'n#b', 'n#b': 'n#c' }
  const reviews = [{ item: 'n#a', date: '2026-11-20', grade: 'good' as const, line: 1 }]
  const corpus = corpusOf([note], reviews, { ...DEFAULT_CONFIG, aliases })

  it('gives the same answer in validate and replay, with no finding about the review', () => {
    const replayed = replay({
      reviews,
      declared: ['n#c'],
      previous: null,
      today: TODAY,
      scheduler: leitner(),
      aliases,
    })
    expect(replayed['n#c']?.reps).toBe(1)
    const result = validate(corpus, TODAY)
    expect(result.state).toEqual(replayed)
    expect(result.findings.filter(f => f.rule === 'log-unknown-item')).toEqual([])
    expect(result.findings.some(f => f.file === 'internalise/.srs/log.jsonl')).toBe(false)
  })
})

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { readNoteTexts } from '../../src/app/note-texts.js'
import { hygiene } from '../../src/core/hygiene/index.js'
import { diceOnBigrams } from '../../src/core/hygiene/similarity.js'

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'hygiene', 'contradictions')

async function contradictions() {
  const vault = nodeVault(FIXTURE)
  const corpus = await loadCorpus(vault)
  return hygiene({
    notes: corpus.notes,
    files: corpus.files,
    texts: await readNoteTexts(
      vault,
      corpus.notes.map(note => note.path),
    ),
    config: corpus.config,
    today: '2026-11-30',
  }).filter(f => f.rule === 'contradiction')
}

describe('contradiction candidates', () => {
  it('pairs the same prompt with different responses, the same term with different definitions, and flipped sentences', async () => {
    const found = (await contradictions()).map(({ file, line, other, reason, severity }) => ({
      file,
      line,
      other,
      reason,
      severity,
    }))
    expect(found).toEqual([
      {
        file: 'internalise/english.adoc',
        line: 6,
        other: { file: 'internalise/grammar.adoc', line: 6 },
        reason: 'same-prompt',
        severity: 'warning',
      },
      {
        file: 'reference/glossary.adoc',
        line: 6,
        other: { file: 'reference/terms.adoc', line: 6 },
        reason: 'same-term',
        severity: 'warning',
      },
      {
        file: 'reference/glossary.adoc',
        line: 9,
        other: { file: 'reference/terms.adoc', line: 9 },
        reason: 'number',
        severity: 'warning',
      },
      {
        file: 'reference/glossary.adoc',
        line: 10,
        other: { file: 'reference/terms.adoc', line: 10 },
        reason: 'date',
        severity: 'warning',
      },
      {
        file: 'reference/glossary.adoc',
        line: 11,
        other: { file: 'reference/terms.adoc', line: 11 },
        reason: 'negation',
        severity: 'warning',
      },
    ])
  })

  it('words each one as a candidate for a person to judge', async () => {
    for (const finding of await contradictions()) {
      expect(finding.message).toMatch(/^possible contradiction, for you to judge: /)
      expect(finding.message).toMatch(/\?/)
    }
  })

  it('measures agreement with Dice on word bigrams', () => {
    expect(diceOnBigrams(['a', 'b', 'c'], ['a', 'b', 'c'])).toBe(1)
    expect(diceOnBigrams(['a', 'b', 'c'], ['a', 'b', 'd'])).toBe(0.5)
    expect(diceOnBigrams(['little'], ['little'])).toBe(1)
    expect(diceOnBigrams(['little'], ['few'])).toBe(0)
  })
})

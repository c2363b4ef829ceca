import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { readNoteTexts } from '../../src/app/note-texts.js'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { contradictions as sweepContradictions } from '../../src/core/hygiene/contradictions.js'
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

  it('compares a term only between notes that share subject words, not just common ones', () => {
    const note = (title: string, body: string) => `= ${title}\n:intent: reference\n:source: x\n\n${body}\n`
    // A short AsciiDoc note and a long Lua post: nearly every word of the short one is a common
    // word the long one has too (the real corpus's ifeval page against a Lua post).
    const ifeval = note(
      'Conditions',
      'The ifeval directive compares two values when the document is converted.\n\nnumber:: A value of the ifeval directive that is compared as it is written.',
    )
    const lua = note(
      'Lua types',
      [
        'Lua is a small scripting language that is often embedded in games and editors.',
        'It has eight basic types, and each value that a variable holds is of one of them.',
        'The type function returns the name of the type of any value as a string.',
        'Tables are the only structured type of the language: arrays, records, sets and modules are all written as tables.',
        'Functions are first class values; a closure keeps the local variables of the function that made it.',
        'Strings are immutable and can hold any bytes, and the garbage collector frees values nothing refers to.',
        '',
        'number:: A double precision floating point value, or an integer since Lua 5.3.',
      ].join('\n'),
    )
    // A longer note on the same subject as the short one, defining the term differently.
    const conditionals = note(
      'Preprocessor conditionals',
      [
        'The ifdef, ifndef and ifeval directives include or skip lines when the document is converted.',
        'An ifeval directive compares two values; each operand is an attribute reference or a literal.',
        'The directive is evaluated by the preprocessor before the document is parsed.',
        '',
        'number:: An operand written without quotes, compared numerically by the ifeval directive.',
      ].join('\n'),
    )
    const sameTerm = (texts: Map<string, string>) =>
      sweepContradictions(
        [...texts].map(([path, text]) => scanNote(path, text)),
        texts,
      )
        .filter(finding => finding['reason'] === 'same-term')
        .map(({ file, other }) => ({ file, other: (other as { file: string }).file }))
    expect(
      sameTerm(
        new Map([
          ['reference/ifeval.adoc', ifeval],
          ['reference/lua.adoc', lua],
        ]),
      ),
    ).toEqual([])
    expect(
      sameTerm(
        new Map([
          ['reference/ifeval.adoc', ifeval],
          ['reference/conditionals.adoc', conditionals],
        ]),
      ),
    ).toEqual([{ file: 'reference/conditionals.adoc', other: 'reference/ifeval.adoc' }])
  })

  it('measures agreement with Dice on word bigrams', () => {
    expect(diceOnBigrams(['a', 'b', 'c'], ['a', 'b', 'c'])).toBe(1)
    expect(diceOnBigrams(['a', 'b', 'c'], ['a', 'b', 'd'])).toBe(0.5)
    expect(diceOnBigrams(['little'], ['little'])).toBe(1)
    expect(diceOnBigrams(['little'], ['few'])).toBe(0)
  })
})

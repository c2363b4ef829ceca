import { describe, expect, it } from 'vitest'
import { lineClassAt } from '../../src/core/asciidoc/line-classes.js'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { DEFAULT_CONFIG } from '../../src/core/config.js'
import { derivedState } from '../../src/core/snapshot.js'
import { validate } from '../../src/core/validate.js'
import { corpusOf } from '../support/corpus-fixture.js'

// A note a merge stopped on (SPEC 4.3, item 3): git's markers stay in it until the person settles
// it. Read as AsciiDoc, `=======` opened an example block to the note's end, so the items below
// vanished from practice and their registrations from state.json (QA, two devices in git).

const PATH = 'internalise/words.adoc'
const conflicted = [
  '= Words',
  ':intent: internalise',
  '',
  '[qanda]',
  '[[alpha]]Alpha?:: The first.',
  '<<<<<<< HEAD',
  '[[beta]]Beta?:: The second (mine).',
  '=======',
  '[[beta]]Beta?:: The second (theirs).',
  '>>>>>>> origin/main',
  '[[gamma]]Gamma?:: The third.',
  '',
].join('\n')

describe("git's conflict markers in a note", () => {
  it('are read as blank lines: both sides and every item below them are read, and the note says where', () => {
    const model = scanNote(PATH, conflicted)
    expect(model.items.map(item => [item.id, item.response])).toEqual([
      ['words#alpha', 'The first.'],
      ['words#beta', 'The second (mine).'],
      ['words#beta', 'The second (theirs).'],
      ['words#gamma', 'The third.'],
    ])
    expect([5, 7, 9].map(index => lineClassAt(model.lineClasses, index))).toEqual(['blank', 'blank', 'blank'])
    expect(model.problems).toEqual([
      { line: 6, message: expect.stringContaining("git's conflict markers (lines 6-10)") },
    ])
  })

  it("git's diff3 style (a ||||||| base part) is one conflict too", () => {
    const diff3 = conflicted.replace('=======', '||||||| base\n[[beta]]Beta?:: The second.\n=======')
    const model = scanNote(PATH, diff3)
    expect(model.problems.map(p => p.message)).toEqual([expect.stringContaining('(lines 6-12)')])
    expect(model.items.map(item => item.id)).toContain('words#gamma')
  })

  it('are no conflict inside a listing block, alone, or out of order; ======= alone still opens an example block', () => {
    const shown = `= Git\n:intent: reference\n:source: x\n\n----\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> other\n----\n`
    expect(scanNote('reference/git.adoc', shown).problems).toEqual([])
    const lone = `= N\n:intent: reference\n:source: x\n\n<<<<<<< HEAD\ntext\n`
    expect(scanNote('reference/n.adoc', lone).problems).toEqual([])
    const backwards = `= N\n:intent: reference\n:source: x\n\n>>>>>>> x\n=======\ntext\n=======\n<<<<<<< y\n`
    expect(scanNote('reference/n.adoc', backwards).problems).toEqual([])
    const example = `= N\n:intent: internalise\n\n=======\n[qanda]\n[[a]]A?:: B\n=======\n`
    const model = scanNote('internalise/n.adoc', example)
    expect(model.problems).toEqual([])
    expect(lineClassAt(model.lineClasses, 3)).toBe('markup')
  })

  it('a block one side opens and the common text closes after the conflict hides no later conflict', () => {
    const text = [
      '= Words',
      ':intent: internalise',
      '',
      '[qanda]',
      '[[alpha]]Alpha?:: The first.',
      '<<<<<<< HEAD',
      '////',
      '[[beta]]Beta?:: The second.',
      '=======',
      '[[beta]]Beta?:: The second, edited.',
      '>>>>>>> origin/main',
      '////',
      '',
      '[qanda]',
      '[[delta]]Delta?:: The fourth.',
      '<<<<<<< HEAD',
      '[[epsilon]]Epsilon?:: Mine.',
      '=======',
      '[[epsilon]]Epsilon?:: Theirs.',
      '>>>>>>> origin/main',
      '[[zeta]]Zeta?:: The sixth.',
      '',
    ].join('\n')
    const model = scanNote(PATH, text)
    expect(model.problems.map(p => p.line)).toEqual([6, 16])
    expect(model.items.map(item => item.id)).toContain('words#zeta')
  })

  it('a conflict in the header keeps the attributes below it', () => {
    const text = [
      '= Words',
      '<<<<<<< HEAD',
      ':created: 2026-11-01',
      '=======',
      ':created: 2026-11-02',
      '>>>>>>> origin/main',
      ':intent: internalise',
      '',
      '[qanda]',
      '[[alpha]]Alpha?:: The first.',
      '',
    ].join('\n')
    const model = scanNote(PATH, text)
    // Both sides are read, the later entry of one name counting (as Asciidoctor takes it).
    expect(model.attributes.map(a => [a.name, a.value])).toEqual([
      ['created', '2026-11-02'],
      ['intent', 'internalise'],
    ])
    expect(model.items.map(item => item.id)).toEqual(['words#alpha'])
    expect(model.problems.map(p => p.line)).toEqual([2])
  })

  it('keeps the header whatever stands above the title, and when the title itself is in conflict', () => {
    const conflict = ['<<<<<<< HEAD', ':created: 2026-11-01', '=======', ':created: 2026-11-02', '>>>>>>> origin/main']
    const body = ['', '[qanda]', '[[alpha]]Alpha?:: The first.', '']
    const heads: Record<string, string[]> = {
      'the title in conflict': ['<<<<<<< HEAD', '= Words', '=======', '= Words!', '>>>>>>> origin/main'],
      'a Markdown title': ['# Words', ...conflict],
      'an underlined title': ['Words', '=====', ...conflict],
      'an attribute above the title': [':toc:', '= Words', ...conflict],
      'a comment block above the title': ['////', 'licence', '////', '= Words', ...conflict],
      'an anchor above the title': ['[[top]]', '= Words', ...conflict],
    }
    for (const [shape, head] of Object.entries(heads)) {
      const model = scanNote(PATH, [...head, ':intent: internalise', ...body].join('\n'))
      expect(model.title, shape).toBe('Words')
      expect(
        model.attributes.map(a => a.name),
        shape,
      ).toContain('intent')
      expect(
        model.items.map(item => item.id),
        shape,
      ).toEqual(['words#alpha'])
    }
  })

  it('validate reports the conflict as an error and keeps the registration of an item below it', () => {
    const model = scanNote(PATH, conflicted)
    const state = {
      'words#alpha': { level: 1, next_due: '2026-12-02', reps: 0 },
      'words#beta': { level: 1, next_due: '2026-12-02', reps: 0 },
      'words#gamma': { level: 1, next_due: '2026-12-02', reps: 0 },
    }
    const corpus = corpusOf([model], [], DEFAULT_CONFIG, state)
    const { findings } = validate(corpus, '2026-12-05')
    expect(findings.filter(f => f.rule === 'note-conflict')).toEqual([
      expect.objectContaining({ severity: 'error', file: PATH, line: 6 }),
    ])
    expect(findings.filter(f => f.rule === 'item-duplicate-id').map(f => f.line)).toEqual([9])
    // Registered on 2026-12-02, still due then: the conflict moved no date.
    expect(derivedState(corpus, '2026-12-05')['words#gamma']?.next_due).toBe('2026-12-02')
  })

  it('an unterminated preprocessor conditional is a note-structure warning at the directive', () => {
    const open = `= N\n:intent: internalise\n\n[qanda]\n[[a]]A?:: B\n\nifdef::draft[]\n[[b]]C?:: D\n`
    const { findings } = validate(corpusOf([scanNote('internalise/n.adoc', open)], [], DEFAULT_CONFIG), '2026-12-05')
    expect(findings.filter(f => f.rule === 'note-structure')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        line: 7,
        message: 'detected unterminated preprocessor conditional directive: ifdef::draft[]',
      }),
    ])
  })

  it('an unterminated block is a note-structure warning at its opening line', () => {
    const open = `= N\n:intent: internalise\n\n----\n[qanda]\n[[a]]A?:: B\n`
    const { findings } = validate(corpusOf([scanNote('internalise/n.adoc', open)], [], DEFAULT_CONFIG), '2026-12-05')
    expect(findings.filter(f => f.rule === 'note-structure')).toEqual([
      expect.objectContaining({ severity: 'warning', line: 4, message: 'unterminated listing block' }),
    ])
  })
})

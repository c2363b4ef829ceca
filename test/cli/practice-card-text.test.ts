import { describe, expect, it, onTestFinished } from 'vitest'
import { cli } from '../support/cli.js'
import { tempCorpus } from '../support/temp-corpus.js'

const DAY = '2026-12-05'

/** One practice session over a note of one item, answering `answer`, then grade 3. */
async function practise(note: string, answer: string): Promise<string> {
  const corpus = tempCorpus({ 'internalise/card.adoc': note })
  onTestFinished(corpus.remove)
  // Registered the day before (a new item falls due the day after it is registered).
  expect((await cli(['replay', '--corpus', corpus.path, '--today', '2026-12-04'])).code).toBe(0)
  const result = await cli(['practice', '--corpus', corpus.path, '--today', DAY], [answer, '3'])
  expect(result.code).toBe(0)
  return result.stdout
}

describe('the practice card as the note means it', () => {
  it("shows a response's {name} references as the note's header attributes and the built-in ones, and checks the answer against them", async () => {
    const note = [
      '= Tools',
      ':intent: internalise',
      ':cli: kubectl',
      '',
      '[qanda]',
      '[[ctx]]Which tool lists contexts?:: `{cli} config get-contexts`{sp}{plus} a flag',
      '',
    ].join('\n')
    const out = await practise(note, 'kubectl config get-contexts + a flag')
    expect(out).toContain('    kubectl config get-contexts + a flag\n')
    expect(out).not.toContain('{cli}')
    expect(out).toContain('suggested: easy\n')
  })

  it('shows an admonition, a table and the replacements as the window shows them, and never asks for the label', async () => {
    const note = [
      '= Verbs',
      ':intent: internalise',
      '',
      '[qanda]',
      '[[go]]Past of _go_?:: NOTE: _went_ -- irregular.',
      '+',
      '|===',
      '|go |went',
      '|understand |understood',
      '|===',
      '',
    ].join('\n')
    const out = await practise(note, 'went')
    expect(out).toContain('    Note: went — irregular.\n    go         | went\n    understand | understood\n')
    expect(out).not.toContain('|===')
    expect(out).toContain('suggested: good\n')
  })
})

describe('the practice card header', () => {
  it("shows the note's file name and the item's id without the control characters a file name can hold", async () => {
    const name = 'internalise/a\u001b[2Jb\u001b]0;owned\u0007c.adoc'
    const note = '= Card\n:intent: internalise\n\n[qanda]\n[[x]]Question?:: Answer.\n[[y]]Other?:: Other.\n'
    const corpus = tempCorpus({ [name]: note })
    onTestFinished(corpus.remove)
    expect((await cli(['replay', '--corpus', corpus.path, '--today', '2026-12-04'])).code).toBe(0)
    // A grade, then the next item's prompt takes it back: the header and the undo line name the item.
    const result = await cli(['practice', '--corpus', corpus.path, '--today', DAY], ['Answer.', '3', ':u'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('a[2Jb]0;ownedc#x  internalise/a[2Jb]0;ownedc.adoc:5')
    expect(result.stdout).toContain('Took back good for a[2Jb]0;ownedc#x')
    expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
  })
})

import fs from 'node:fs'
import nodePath from 'node:path'
import { describe, expect, it } from 'vitest'
import { bin } from './cases.js'
import { exampleCorpus, expectOutsideUntouched, expectSane, ITEM, litter, on, runCli } from './harness.js'

// The hostile notes and `--out` escapes of issue 15 that other branches fix (the scanner's
// bounded work, hygiene --out). Each note goes into a copy of the example corpus; every command
// must finish with the contract's exit code and no stack trace, within a second per megabyte or
// so (5 s of slack for process start-up on a loaded machine), and `due` must still list items.

const MB = 1 << 20

interface Hostile {
  name: string
  text: () => string
}

const nested = (depth: number, open: (level: number) => string, close: (level: number) => string): string => {
  const lines: string[] = ['= Deep', ':intent: reference', ':source: fuzz', '']
  for (let level = 0; level < depth; level++) lines.push(open(level))
  lines.push('deep inside')
  for (let level = depth - 1; level >= 0; level--) lines.push(close(level))
  return `${lines.join('\n')}\n`
}

export const HOSTILE_NOTES: Hostile[] = [
  {
    name: '3,000 nested delimited blocks',
    text: () =>
      nested(
        3000,
        level => '='.repeat(4 + level),
        level => '='.repeat(4 + level),
      ),
  },
  {
    name: '3,000 nested list levels',
    text: () =>
      nested(
        3000,
        level => `${'*'.repeat(level + 1)} level ${level}`,
        () => '',
      ),
  },
  {
    name: 'an attribute that refers to itself (:a: {a}{a})',
    text: () =>
      '= Self\n:intent: reference\n:source: fuzz\n:a: {a}{a}\n:b: {a}{a}{a}{a}\n\n{a}{b} xref:{b}.adoc[{a}]\n',
  },
  {
    name: '400,000 image: macros',
    text: () => `= Images\n:intent: reference\n:source: fuzz\n\n${'image:x.png[] '.repeat(400_000)}\n`,
  },
  {
    name: 'a 200 KB line of [[a,',
    text: () => `= Anchors\n:intent: reference\n:source: fuzz\n\n${'[[a,'.repeat(50_000)}\n`,
  },
  {
    name: 'a 50 MB note',
    text: () =>
      `= Big\n:intent: reference\n:source: fuzz\n\n${'A sentence of prose with a <<nowhere>> link.\n'.repeat((50 * MB) / 45)}`,
  },
]

const COMMANDS = [
  ['validate', '--json', '--dry-run'],
  ['due', '--json'],
  ['hygiene', '--json'],
  ['backlinks', 'reference/hostile.adoc', '--json'],
  ['grade', ITEM, 'good'],
]

export function hostileNoteCases(): void {
  describe('hostile notes (the scanner branches fix them)', () => {
    it.each(HOSTILE_NOTES.map(note => [note.name, note] as const))('%s', async (_name, note) => {
      const corpus = exampleCorpus()
      try {
        const text = note.text()
        fs.writeFileSync(corpus.path('reference/hostile.adoc'), text)
        const budgetMs = 5_000 + 1_000 * Math.ceil(Buffer.byteLength(text) / MB)
        for (const args of COMMANDS) {
          const run = await runCli(bin(), on(corpus, ...args), budgetMs * 4)
          expectSane(run)
          expect(run.ms, `${args.join(' ')} took ${run.ms} ms`).toBeLessThan(budgetMs)
        }
        const due = await runCli(bin(), ['due', '--json', '--corpus', corpus.root, '--today', '2027-06-01'])
        expectSane(due, [0])
        expect((JSON.parse(due.stdout) as { due: unknown[] }).due.length).toBeGreaterThan(0)
        expect(litter(corpus.root)).toEqual([])
        expectOutsideUntouched(corpus)
      } finally {
        corpus.remove()
      }
    })
  })
}

export function outCases(): void {
  describe('hygiene --out never writes outside the corpus nor over its documents (the CLI branch fixes it)', () => {
    it.each([
      ['report.adoc, a link to a file outside', 'report.adoc', 'link-file'],
      ['d/x/y/r.adoc, d a link to a folder outside', 'd/x/y/r.adoc', 'link-folder'],
      ['README.adoc', 'README.adoc', 'document'],
      ['docs/adr/0004-scheduler-seam.adoc', 'docs/adr/0004-scheduler-seam.adoc', 'document'],
      ['TRACK/x.adoc', 'TRACK/x.adoc', 'notes-folder'],
    ])('--out %s', async (_name, out, kind) => {
      const corpus = exampleCorpus()
      try {
        if (kind === 'link-file') fs.symlinkSync(nodePath.join(corpus.outside, 'victim.adoc'), corpus.path(out))
        if (kind === 'link-folder') fs.symlinkSync(corpus.outside, corpus.path('d'))
        const before = kind === 'document' ? fs.readFileSync(corpus.path(out), 'utf8') : null
        const run = await runCli(bin(), on(corpus, 'hygiene', '--out', out))
        expectSane(run)
        expect(run.code, 'refused').toBe(2)
        if (before !== null) expect(fs.readFileSync(corpus.path(out), 'utf8')).toBe(before)
        if (kind === 'notes-folder') expect(fs.existsSync(corpus.path('TRACK'))).toBe(false)
        expectOutsideUntouched(corpus)
      } finally {
        corpus.remove()
      }
    })
  })
}

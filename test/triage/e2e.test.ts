import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cli, copyCorpus } from '../support/cli.js'

// The real command line on a throwaway copy of the example corpus.
const copies: string[] = []
const example = (): string => {
  const dir = copyCorpus()
  copies.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('notekeeper triage on the example corpus', () => {
  it('--json lists every Track note with its statuses, the custom Waiting included', async () => {
    const dir = example()
    const result = await cli(['triage', '--json', '--corpus', dir])
    expect(result.code).toBe(0)
    const view = JSON.parse(result.stdout) as {
      notes: { file: string; statuses: { status: string; items: { line: number; text: string }[] }[] }[]
    }
    expect(view.notes.map(n => n.file)).toEqual([
      'track/home.adoc',
      'track/learning.adoc',
      'track/projects.adoc',
      'track/reading.adoc',
      'track/talks.adoc',
    ])
    const projects = view.notes.find(n => n.file === 'track/projects.adoc')!
    expect(projects.statuses.map(s => s.status)).toEqual([
      'Now',
      'Next',
      'Later',
      'Waiting',
      'Someday',
      'Done',
      'Dropped',
    ])
    expect(projects.statuses[1]!.items).toEqual([
      { line: 17, text: 'Move the photo archive off the old NAS' },
      { line: 20, text: 'Rewrite the invoice script in Python' },
    ])
  })

  it('promote with --expect edits the note; the view then shows the item last in Now', async () => {
    const dir = example()
    const before = readFileSync(join(dir, 'track/projects.adoc'), 'utf8')
    const edit = await cli([
      'triage',
      'promote',
      'track/projects.adoc:20',
      '--expect',
      'Rewrite the invoice script in Python',
      '--corpus',
      dir,
    ])
    expect(edit).toMatchObject({ code: 0, stderr: '' })
    const after = readFileSync(join(dir, 'track/projects.adoc'), 'utf8')
    expect(after).not.toBe(before)
    const view = JSON.parse((await cli(['triage', '--json', '--corpus', dir])).stdout) as {
      notes: { file: string; statuses: { status: string; items: { text: string }[] }[] }[]
    }
    const now = view.notes.find(n => n.file === 'track/projects.adoc')!.statuses[0]!
    expect(now.items.map(i => i.text).at(-1)).toBe('Rewrite the invoice script in Python')
  })

  it('exit 1 for a refused edit, 2 for bad usage, and the note is untouched', async () => {
    const dir = example()
    const before = readFileSync(join(dir, 'track/projects.adoc'), 'utf8')
    expect((await cli(['triage', 'promote', 'track/projects.adoc:10', '--corpus', dir])).code).toBe(1)
    expect((await cli(['triage', 'demote', 'track/projects.adoc:40', '--corpus', dir])).code).toBe(1)
    expect(
      (await cli(['triage', 'promote', 'track/projects.adoc:20', '--expect', 'Something else', '--corpus', dir])).code,
    ).toBe(1)
    expect((await cli(['triage', 'juggle', 'track/projects.adoc:20', '--corpus', dir])).code).toBe(2)
    expect((await cli(['triage', 'promote', 'track/projects.adoc', '--corpus', dir])).code).toBe(2)
    expect((await cli(['triage', 'promote', 'reference/http-status.adoc:3', '--corpus', dir])).code).toBe(2)
    expect(readFileSync(join(dir, 'track/projects.adoc'), 'utf8')).toBe(before)
  })
})

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run, writeFiles } from './corpus-kit.js'

// SPEC 2.2 and issue 15: no file a corpus can hold stops a command. A note of ordinary size
// (1.4 MB, well under limits.noteBytes) may hold 150,000 entries or list items, and so as many
// findings: every command still reports them one by one. Passing so many values as one call's
// arguments (`push(...findings)`, `Math.max(...widths)`) overflows the stack.

const ENTRIES = 150_000

describe('a note with 150,000 entries or items', () => {
  let dir = ''
  // One corpus for both commands (each reads it only): made once, removed after them.
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'notekeeper-large-'))
    writeFiles(dir, {
      'internalise/many.adoc': `= Many\n:intent: internalise\n\n[qanda]\n${'q?:: a\n'.repeat(ENTRIES)}`,
      'internalise/ids.adoc': `= Ids\n:intent: internalise\n\n[qanda]\n${Array.from({ length: ENTRIES }, (_, i) => `[[q${i}]]q?:: a\n`).join('')}`,
      'track/long.adoc': `= Long\n:intent: track\n\n== Now\n${Array.from({ length: ENTRIES }, (_, i) => `* item ${i}\n`).join('')}`,
    })
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('validate reports every entry without an id and every item new to the state, and exits 1 (not 2)', async () => {
    const result = await run(dir, '2026-12-20', 'validate', '--dry-run', '--json')
    expect(result.stderr).not.toContain('unexpected error')
    expect(result.code).toBe(1)
    const findings = (JSON.parse(result.stdout) as { findings: { rule: string }[] }).findings
    expect(findings.filter(f => f.rule === 'item-missing-id')).toHaveLength(ENTRIES)
    expect(findings.filter(f => f.rule === 'item-without-state')).toHaveLength(ENTRIES)
  })

  it('triage lists every item of the Track note', async () => {
    const result = await run(dir, '2026-12-20', 'triage')
    expect(result.stderr).not.toContain('unexpected error')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`item ${ENTRIES - 1}`)
  })
})

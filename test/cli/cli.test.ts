import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { cli, copyCorpus } from '../support/cli.js'

const TODAY = '2026-11-30'
const LOG = 'internalise/.srs/log.jsonl'
const STATE = 'internalise/.srs/state.json'
/** The problems examples/README.md says were planted for validate to find. */
const PLANTED_VALIDATE_RULES = [
  'intent-mismatch',
  'source-missing',
  'date-invalid',
  'xref-unresolved',
  'item-missing-id',
  'item-duplicate-id',
  'log-malformed',
  'log-unknown-item',
  'leech',
]

function declaredIds(dir: string): string[] {
  const ids = new Set<string>()
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel))) {
      if (name.startsWith('.')) continue
      const path = rel ? `${rel}/${name}` : name
      if (statSync(join(dir, path)).isDirectory()) walk(path)
      else if (path.endsWith('.adoc'))
        for (const item of scanNote(path, readFileSync(join(dir, path), 'utf8')).items) ids.add(item.id)
    }
  }
  walk('internalise')
  return [...ids].sort()
}

describe('notekeeper on a copy of the example corpus', () => {
  it('replay writes one state entry per declared item, deterministically, and never touches the log', async () => {
    const dir = copyCorpus()
    const logBefore = readFileSync(join(dir, LOG))
    const first = await cli(['replay', '--corpus', dir, '--today', TODAY])
    expect(first.code).toBe(0)
    const text = readFileSync(join(dir, STATE), 'utf8')
    const state = JSON.parse(text) as Record<string, { next_due: string; reps: number; level: number }>
    expect(Object.keys(state)).toEqual(declaredIds(dir))
    expect(text).toBe(JSON.stringify(state, null, 2) + '\n')
    for (const entry of Object.values(state)) expect(Object.keys(entry)).toEqual(['level', 'next_due', 'reps'])
    expect(readFileSync(join(dir, LOG)).equals(logBefore)).toBe(true)
    await cli(['replay', '--corpus', dir, '--today', TODAY])
    expect(readFileSync(join(dir, STATE), 'utf8')).toBe(text)
  })

  it('validate --json reports the planted problems with file and line, exits 1, and --dry-run writes nothing', async () => {
    const dir = copyCorpus()
    const result = await cli(['validate', '--json', '--dry-run', '--corpus', dir, '--today', TODAY])
    expect(result.code).toBe(1)
    const { findings, summary } = JSON.parse(result.stdout) as {
      findings: { rule: string; file: string; line?: number }[]
      summary: { errors: number }
    }
    expect(summary.errors).toBeGreaterThan(0)
    for (const f of findings.filter(x => !x.rule.startsWith('state') && x.rule !== 'item-without-state'))
      expect(f.line).toBeGreaterThan(0)
    const rules = new Set(findings.map(f => f.rule))
    for (const planted of PLANTED_VALIDATE_RULES) expect(rules, planted).toContain(planted)
    expect(existsSync(join(dir, STATE))).toBe(false)
  })

  it('due --json lists due items with source prompt and response, due today or earlier', async () => {
    const dir = copyCorpus()
    const result = await cli(['due', '--json', '--corpus', dir, '--today', TODAY])
    expect(result.code).toBe(0)
    const { due } = JSON.parse(result.stdout) as { due: Record<string, unknown>[] }
    expect(due.length).toBeGreaterThan(0)
    for (const item of due) {
      expect(Object.keys(item)).toEqual(['id', 'prompt', 'response', 'next_due', 'leech'])
      expect((item['next_due'] as string) <= TODAY).toBe(true)
    }
    const dates = due.map(d => `${d['next_due']} ${d['id']}`)
    expect(dates).toEqual([...dates].sort())
    expect(existsSync(join(dir, STATE))).toBe(false)
  })

  it('grade appends exactly one line after the old bytes and updates the state; bad ids and grades are refused', async () => {
    const dir = copyCorpus()
    const id = declaredIds(dir)[0]!
    const before = readFileSync(join(dir, LOG), 'utf8')
    const ok = await cli(['grade', id, 'easy', '--corpus', dir, '--today', TODAY])
    expect(ok.code).toBe(0)
    const after = readFileSync(join(dir, LOG), 'utf8')
    const prefix = before.endsWith('\n') ? before : `${before}\n`
    expect(after).toBe(`${prefix}{"item":${JSON.stringify(id)},"date":"${TODAY}","grade":"easy"}\n`)
    const state = JSON.parse(readFileSync(join(dir, STATE), 'utf8')) as Record<string, { next_due: string }>
    expect(state[id]!.next_due > TODAY).toBe(true)
    for (const args of [
      ['grade', 'nobody#nothing', 'good'],
      ['grade', id, 'meh'],
      ['grade', id, 'good', '--date', '2026-02-30'],
    ]) {
      const refused = await cli([...args, '--corpus', dir, '--today', TODAY])
      expect(refused.code).toBe(2)
      expect(refused.stderr).not.toBe('')
    }
    expect(readFileSync(join(dir, LOG), 'utf8')).toBe(after)
  })

  it('grade takes an id renamed in the aliases: the line is written under the id it counts for, as undo takes it back', async () => {
    const dir = copyCorpus()
    const id = declaredIds(dir)[0]!
    const config = join(dir, 'internalise/.srs/config.json')
    writeFileSync(config, JSON.stringify({ aliases: { 'old#name': id, 'gone#name': 'nobody#nothing' } }))
    const before = readFileSync(join(dir, LOG), 'utf8')
    const ok = await cli(['grade', 'old#name', 'good', '--corpus', dir, '--today', TODAY])
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain(`${id} (renamed from old#name): good on ${TODAY}; next due `)
    const after = readFileSync(join(dir, LOG), 'utf8')
    const prefix = before.endsWith('\n') ? before : `${before}\n`
    expect(after).toBe(`${prefix}{"item":${JSON.stringify(id)},"date":"${TODAY}","grade":"good"}\n`)
    const json = await cli(['grade', 'old#name', 'easy', '--json', '--corpus', dir, '--today', TODAY])
    expect((JSON.parse(json.stdout) as { item: string }).item).toBe(id)
    // An alias to an id no note declares is refused, naming both ids.
    const refused = await cli(['grade', 'gone#name', 'good', '--corpus', dir, '--today', TODAY])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(
      `no note declares the item "nobody#nothing" (config.json's aliases rename "gone#name" to it); nothing appended`,
    )
    const undone = await cli(['undo', 'old#name', '--corpus', dir, '--today', TODAY])
    expect(undone.code).toBe(0)
    expect(undone.stdout).toContain(`${id}: the easy of ${TODAY} no longer counts`)
  })

  it('practice works on piped input: grades what was answered, appends before the next item, ends cleanly at end of input', async () => {
    const dir = copyCorpus()
    const later = '2026-12-15'
    const due = JSON.parse((await cli(['due', '--json', '--corpus', dir, '--today', later])).stdout).due as {
      id: string
    }[]
    expect(due.length).toBeGreaterThan(2)
    const before = readFileSync(join(dir, LOG), 'utf8').split('\n').filter(Boolean).length
    const result = await cli(
      ['practice', '--corpus', dir, '--today', later],
      ['my answer', '3', '', 'easy', 'half an answer'],
    )
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`[1 of ${due.length}] ${due[0]!.id}`)
    expect(result.stdout).toContain('suggested:')
    expect(result.stdout).toMatch(/Practised 2 of \d+/)
    const lines = readFileSync(join(dir, LOG), 'utf8').split('\n').filter(Boolean)
    expect(lines.length).toBe(before + 2)
    expect(JSON.parse(lines.at(-2)!)).toEqual({ item: due[0]!.id, date: later, grade: 'good' })
    expect(JSON.parse(lines.at(-1)!)).toEqual({ item: due[1]!.id, date: later, grade: 'easy' })
  })

  it('practice asks again on a word that is not a grade', async () => {
    const dir = copyCorpus()
    const result = await cli(['practice', '--corpus', dir, '--today', '2026-12-15'], ['x', 'maybe', '1'])
    expect(result.stdout).toContain('"maybe" is not a grade')
    expect(result.stdout).toMatch(/Practised 1 of/)
  })

  it('an invalid config.json stops every writing command with exit 2 and nothing written', async () => {
    const dir = copyCorpus()
    writeFileSync(join(dir, 'internalise/.srs/config.json'), '{"scheduler": "anki"}')
    const log = readFileSync(join(dir, LOG), 'utf8')
    for (const args of [['replay'], ['validate'], ['practice'], ['due'], ['grade', declaredIds(dir)[0]!, 'good']]) {
      const result = await cli([...args, '--corpus', dir, '--today', TODAY], ['a', '3'])
      expect(result.code, args.join(' ')).toBe(2)
    }
    expect(existsSync(join(dir, STATE))).toBe(false)
    expect(readFileSync(join(dir, LOG), 'utf8')).toBe(log)
  })

  it('bad usage exits 2 with a message', async () => {
    expect((await cli(['frobnicate'])).code).toBe(2)
    expect((await cli(['due', '--corpus', '/nonexistent/corpus'])).code).toBe(2)
    expect((await cli(['due', '--today', '2026-13-01', '--corpus', copyCorpus()])).code).toBe(2)
  })
})

import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type MemoryVault, memoryVault } from '../../src/adapters/memory-vault.js'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { backlinksCommand } from '../../src/cli/commands/backlinks.js'
import { fileLinkCache, hygieneCommand } from '../../src/cli/commands/hygiene.js'
import { type CommandContext, UsageError } from '../../src/cli/context.js'
import type { Vault } from '../../src/ports/vault.js'

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'hygiene')

function context(vault: Vault, args: string[] = [], flags: Record<string, string | true> = {}, json = false) {
  const out: string[] = []
  const err: string[] = []
  const ctx: CommandContext = {
    vault,
    corpusDir: '/corpus',
    cwd: '/corpus',
    today: '2026-11-30',
    json,
    args,
    flags: new Map(Object.entries(flags)),
    out: text => out.push(text),
    err: text => err.push(text),
    input: (async function* () {})(),
    cacheDir: mkdtempSync(join(tmpdir(), 'notekeeper-cache-')),
    interactive: false,
  }
  return { ctx, out, err }
}

const CLEAN_NOTE = '= Clean\n:intent: reference\n:source: me\n:updated: 2026-11-01\n\nNothing wrong here.\n'

describe('notekeeper hygiene', () => {
  it('--json prints {"findings", "summary"} and nothing else on stdout; exit 1 on an error finding', async () => {
    const { ctx, out } = context(nodeVault(join(FIXTURES, 'dead-links')), [], {}, true)
    expect(await hygieneCommand(ctx)).toBe(1)
    expect(out).toHaveLength(1)
    const parsed = JSON.parse(out[0] as string) as { findings: { rule: string }[]; summary: { errors: number } }
    expect(Object.keys(parsed)).toEqual(['findings', 'summary'])
    expect(parsed.summary.errors).toBe(7)
    expect(parsed.findings.filter(f => f.rule === 'dead-link')).toHaveLength(7)
  })

  it('prints the grouped text report and exits 0 when nothing is an error; writes nothing', async () => {
    const vault = memoryVault({
      'reference/clean.adoc': CLEAN_NOTE,
      'reference/old.adoc': CLEAN_NOTE.replace('2026-11-01', '2020-01-01'),
    })
    const before = new Map(vault.files)
    const { ctx, out } = context(vault)
    expect(await hygieneCommand(ctx)).toBe(0)
    expect(out.join('')).toContain('0 errors, 0 warnings, 1 info, 0 ignored')
    expect(out.join('')).toContain('reference/old.adoc:4: info stale: last updated 2020-01-01')
    expect(vault.files).toEqual(before)
  })

  it('leaves out what hygiene.ignore lists and counts it as ignored', async () => {
    const vault = memoryVault({
      'reference/old.adoc': CLEAN_NOTE.replace('2026-11-01', '2020-01-01'),
      'internalise/.srs/config.json': JSON.stringify({
        hygiene: { ignore: [{ rule: 'stale', file: 'reference/old.adoc' }] },
      }),
    })
    const { ctx, out } = context(vault, [], {}, true)
    expect(await hygieneCommand(ctx)).toBe(0)
    expect(JSON.parse(out[0] as string)).toEqual({
      findings: [],
      summary: { errors: 0, warnings: 0, infos: 0, ignored: 1, rules: {} },
    })
  })

  it('exits 2 on an invalid config.json, reporting config-invalid as the only finding', async () => {
    const vault = memoryVault({
      'reference/a.adoc': '= A\n\nno intent\n',
      'internalise/.srs/config.json': '{"scheduler": "nope"}',
    })
    const { ctx, out } = context(vault, [], { out: 'reports/h.adoc' }, true)
    expect(await hygieneCommand(ctx)).toBe(2)
    expect((JSON.parse(out[0] as string) as { findings: { rule: string }[] }).findings.map(f => f.rule)).toEqual([
      'config-invalid',
    ])
    expect(vault.files.has('reports/h.adoc')).toBe(false)
  })

  it('--out writes the AsciiDoc report at a path from the current folder', async () => {
    const vault: MemoryVault = memoryVault({ 'reference/old.adoc': CLEAN_NOTE.replace('2026-11-01', '2020-01-01') })
    const { ctx, out } = context(vault, [], { out: 'reports/hygiene.adoc' }, true)
    expect(await hygieneCommand(ctx)).toBe(0)
    expect(vault.files.get('reports/hygiene.adoc')).toMatch(
      /^\/\/ Written by notekeeper hygiene --out; replaced on every run\.\n= Hygiene sweep\n/,
    )
    expect(() => JSON.parse(out.join(''))).not.toThrow()
  })

  it('--out refuses the notes folders and places outside the corpus, writing nothing', async () => {
    for (const target of [
      'internalise/report.adoc',
      'reference/sub/report.adoc',
      'track/r.adoc',
      './track/r.adoc',
      '../report.adoc',
      'x/../../report.adoc',
      '/tmp/report.adoc',
      'TRACK/x.adoc',
      'Reference/x.adoc',
      'README.adoc',
      'readme.adoc',
      'docs/adr/0001-x.adoc',
      'Docs/report.adoc',
      '.srs/report.adoc',
      '',
    ]) {
      const vault = memoryVault({ 'reference/clean.adoc': CLEAN_NOTE })
      const { ctx } = context(vault, [], { out: target })
      await expect(hygieneCommand(ctx)).rejects.toThrow(UsageError)
      expect([...vault.files.keys()]).toEqual(['reference/clean.adoc'])
    }
  })

  it('refuses arguments (unknown options are refused by the parser: test/cli/conventions.test.ts)', async () => {
    await expect(hygieneCommand(context(memoryVault(), ['extra']).ctx)).rejects.toThrow(UsageError)
  })

  it('keeps online answers in links.json under the cache folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notekeeper-cache-'))
    const cache = fileLinkCache(join(dir, 'nested'))
    expect(await cache.load()).toBeNull()
    await cache.save('{"https://example.com/": {"status": 200, "checkedAt": 1}}\n')
    expect(readdirSync(join(dir, 'nested'))).toEqual(['links.json'])
    expect(readFileSync(join(dir, 'nested', 'links.json'), 'utf8')).toContain('example.com')
  })
})

describe('notekeeper backlinks', () => {
  it('--json prints {"references": [...]} only', async () => {
    const { ctx, out } = context(nodeVault(join(FIXTURES, 'backlinks')), ['reference/http.adoc#verbs'], {}, true)
    expect(await backlinksCommand(ctx)).toBe(0)
    expect(JSON.parse(out.join(''))).toEqual({
      references: [
        { file: 'internalise/net/proto.adoc', line: 4, text: 'The verbs: xref:../../reference/http.adoc#verbs[].' },
        { file: 'reference/client.adoc', line: 6, text: 'The verbs are in xref:http.adoc#verbs[its verbs section].' },
        { file: 'reference/http.adoc', line: 8, text: 'GET and HEAD are safe; see <<verbs>> again.' },
      ],
    })
  })

  it('prints file:line: text in the terminal', async () => {
    const { ctx, out } = context(nodeVault(join(FIXTURES, 'backlinks')), ['reference/myhttp.adoc'])
    expect(await backlinksCommand(ctx)).toBe(0)
    expect(out.join('\n')).toBe('reference/client.adoc:8: Not a mention: myhttp.adoc is another note.')
    const lonely = context(memoryVault({ 'reference/clean.adoc': CLEAN_NOTE }), ['reference/clean.adoc'])
    expect(await backlinksCommand(lonely.ctx)).toBe(0)
    expect(lonely.out.join('\n')).toBe('nothing refers to reference/clean.adoc')
  })

  it('refuses a missing note, a missing anchor, or no argument (exit 2 through UsageError)', async () => {
    await expect(
      backlinksCommand(context(nodeVault(join(FIXTURES, 'backlinks')), ['reference/none.adoc']).ctx),
    ).rejects.toThrow(UsageError)
    await expect(
      backlinksCommand(context(nodeVault(join(FIXTURES, 'backlinks')), ['reference/http.adoc#none']).ctx),
    ).rejects.toThrow(UsageError)
    await expect(backlinksCommand(context(nodeVault(join(FIXTURES, 'backlinks'))).ctx)).rejects.toThrow(UsageError)
  })
})

describe('through the notekeeper command line', () => {
  it('runs hygiene and backlinks with the global options, exit codes per SPEC 3', async () => {
    const { cli } = await import('../support/cli.js')
    const deadLinks = join(FIXTURES, 'dead-links')
    const sweep = await cli(['hygiene', '--corpus', deadLinks, '--today', '2026-11-30', '--json'])
    expect(sweep.code).toBe(1)
    expect((JSON.parse(sweep.stdout) as { summary: { errors: number } }).summary.errors).toBe(7)
    const refused = await cli([
      'hygiene',
      '--corpus',
      deadLinks,
      '--today',
      '2026-11-30',
      '--out',
      join(deadLinks, 'reference/report.adoc'),
    ])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('must not be inside reference/: the report would become a note')
    const links = await cli([
      'backlinks',
      'reference/http.adoc#verbs',
      '--corpus',
      join(FIXTURES, 'backlinks'),
      '--json',
    ])
    expect(links.code).toBe(0)
    expect((JSON.parse(links.stdout) as { references: unknown[] }).references).toHaveLength(3)
  })
})

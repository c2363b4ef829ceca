import { describe, expect, it } from 'vitest'
import { type MemoryVault, memoryVault } from '../../src/adapters/memory-vault.js'
import { triageCommand } from '../../src/cli/commands/triage.js'
import { type CommandContext, UsageError } from '../../src/cli/context.js'
import { fixture } from './helpers.js'

const reading = fixture('reading.adoc')
const FILE = 'track/reading.adoc'

function context(vault: MemoryVault, args: string[], flags: Record<string, string | true> = {}) {
  const out: string[] = []
  const err: string[] = []
  const ctx: CommandContext = {
    vault,
    corpusDir: '/corpus',
    cwd: '/corpus',
    today: '2026-11-30',
    json: flags['json'] === true,
    args,
    flags: new Map(Object.entries(flags).filter(([name]) => name !== 'json')),
    out: text => out.push(text),
    err: text => err.push(text),
    input: (async function* () {})(),
    cacheDir: '/cache',
    interactive: false,
  }
  return { ctx, out, err }
}

const corpus = (): MemoryVault =>
  memoryVault({
    [FILE]: reading,
    'track/empty.adoc': '= Empty\n:intent: track\n\n== Someday\n',
    'reference/http.adoc': '= HTTP\n:intent: reference\n:source: RFC\n',
  })

describe('notekeeper triage', () => {
  it('--json prints the view and nothing else', async () => {
    const { ctx, out, err } = context(corpus(), [], { json: true })
    expect(await triageCommand(ctx)).toBe(0)
    expect(out).toHaveLength(1)
    expect(JSON.parse(out[0]!)).toEqual({
      notes: [
        { file: 'track/empty.adoc', statuses: [{ status: 'Someday', items: [] }] },
        {
          file: FILE,
          statuses: [
            { status: 'Now', items: [{ line: 5, text: 'Designing Data-Intensive Applications' }] },
            { status: 'Next', items: [{ line: 8, text: 'The Pragmatic Programmer' }] },
            { status: 'Done', items: [{ line: 12, text: 'Refactoring' }] },
          ],
        },
      ],
    })
    expect(err).toEqual([])
  })

  it('without --json prints each note with its statuses and the items’ lines', async () => {
    const { ctx, out } = context(corpus(), [])
    expect(await triageCommand(ctx)).toBe(0)
    expect(out.join('\n')).toBe(
      [
        'track/empty.adoc',
        '  Someday (0)',
        '',
        'track/reading.adoc',
        '  Now (1)',
        '     5  Designing Data-Intensive Applications',
        '  Next (1)',
        '     8  The Pragmatic Programmer',
        '  Done (1)',
        '    12  Refactoring',
      ].join('\n'),
    )
  })

  it('promote FILE:LINE edits the note and exits 0', async () => {
    const vault = corpus()
    const { ctx, out } = context(vault, ['promote', `${FILE}:8`], { expect: 'The Pragmatic Programmer' })
    expect(await triageCommand(ctx)).toBe(0)
    expect(out.join('\n')).toMatch(/promoted "The Pragmatic Programmer" from Next to Now/)
    expect(vault.files.get(FILE)).toContain('* Designing Data-Intensive Applications\n* The Pragmatic Programmer\n')
  })

  it('move and add take a status of several words (a new one with --create); --json reports the outcome', async () => {
    const vault = corpus()
    const moved = context(vault, ['move', `${FILE}:12`, 'Waiting', 'on', 'Sam'], { json: true, create: true })
    expect(await triageCommand(moved.ctx)).toBe(0)
    expect(JSON.parse(moved.out[0]!)).toMatchObject({ ok: true, file: FILE, line: 14 })
    expect(vault.files.get(FILE)!.endsWith('== Done\n\n== Waiting on Sam\n* Refactoring\n')).toBe(true)
    const added = context(vault, ['add', FILE, 'Now', 'Clean', 'Code'])
    expect(await triageCommand(added.ctx)).toBe(0)
    expect(vault.files.get(FILE)).toContain('* Designing Data-Intensive Applications\n* Clean Code\n')
  })

  it('exits 1 when the edit is refused, with the reason on stderr and the note untouched', async () => {
    const vault = corpus()
    for (const [args, flags] of [
      [['promote', `${FILE}:5`], {}],
      [['demote', `${FILE}:8`], { expect: 'Something else' }],
      [['prune', `${FILE}:9`], {}],
    ] as const) {
      const { ctx, err } = context(vault, [...args], flags)
      expect(await triageCommand(ctx)).toBe(1)
      expect(err.join('\n')).toMatch(/track\/reading\.adoc:\d+: /)
    }
    expect(vault.files.get(FILE)).toBe(reading)
  })

  it('exits 2 for a file that is missing or not a Track note', async () => {
    for (const place of ['track/missing.adoc:3', 'reference/http.adoc:1']) {
      const { ctx, err } = context(corpus(), ['prune', place])
      expect(await triageCommand(ctx)).toBe(2)
      expect(err).toHaveLength(1)
    }
  })

  it('calls an unknown verb, a malformed FILE:LINE and missing arguments bad usage', async () => {
    for (const args of [
      ['shuffle', `${FILE}:8`],
      ['promote', FILE],
      ['promote', `${FILE}:0`],
      ['promote', `${FILE}:x`],
      ['move', `${FILE}:8`],
      ['add', FILE, 'Now'],
      ['prune', `${FILE}:8`, 'Now'],
    ]) {
      await expect(triageCommand(context(corpus(), args).ctx)).rejects.toBeInstanceOf(UsageError)
    }
  })

  it('exits 2 and writes nothing when config.json is invalid', async () => {
    const vault = corpus()
    vault.files.set('internalise/.srs/config.json', '{ not json')
    const { ctx, err } = context(vault, ['promote', `${FILE}:8`])
    expect(await triageCommand(ctx)).toBe(2)
    expect(err.join('\n')).toMatch(/config\.json/)
    expect(vault.files.get(FILE)).toBe(reading)
  })

  it('reads the ladder from config.json', async () => {
    const vault = corpus()
    vault.files.set(
      'internalise/.srs/config.json',
      JSON.stringify({ track: { ladder: ['Next', 'Now'], final: ['Done'] } }),
    )
    const { ctx } = context(vault, ['demote', `${FILE}:8`])
    expect(await triageCommand(ctx)).toBe(0)
    expect(vault.files.get(FILE)).toContain(
      '== Now\n* Designing Data-Intensive Applications\n* The Pragmatic Programmer\n',
    )
  })
})

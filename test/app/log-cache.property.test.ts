import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { createLogCache, type LogCache, logCacheKey } from '../../src/app/log-cache.js'
import { readLogAndMark } from '../../src/app/log-mark.js'
import type { Aliases } from '../../src/core/aliases.js'
import { LOG_PATH } from '../../src/core/corpus.js'
import type { ReviewLog } from '../../src/core/log/review-log.js'
import type { Vault } from '../../src/ports/vault.js'
import { memoryCacheStore } from '../support/memory-cache-store.js'

// The log cache (ADR 0025) against reading every byte: after a first load filled it, the log is
// changed as people and tools change it (lines appended, a line rewritten in place, the file
// cut short, an unfinished last line, a bad line added, nothing at all), and a load through the
// cache must give exactly what a load without it gives: reviews, voids, findings and the mark.

const ids = ['a#x', 'b#y', 'n#é', 'x#"q"', 'p/q.adoc#r']
const dates = ['2026-01-01', '2026-01-02', '2025-12-31', '1899-12-31']
const writer = ([item, date, grade]: [string, string, string]) =>
  `{"item":${JSON.stringify(item)},"date":"${date}","grade":"${grade}"}`
const line = fc.oneof(
  {
    weight: 10,
    arbitrary: fc
      .tuple(fc.constantFrom(...ids), fc.constantFrom(...dates), fc.constantFrom('good', 'again', 'easy', 'hard'))
      .map(writer),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...ids), fc.constantFrom(...dates), fc.constantFrom('good', 'again'))
      .map(([item, date, g]) => JSON.stringify({ item, date, void: g })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      'not json',
      '{"item":"a#x","date":"2026-01-01","grade":"great"}',
      '\ufeff{"item":"a#x","date":"2026-01-01","grade":"good"}',
      '{"item":"a#x","date":"2026-01-01","grade":"good"}\r',
    ),
  },
)
const lines = fc.array(line, { maxLength: 30 })
const text = (ls: readonly string[], finalNewline = true) => ls.join('\n') + (finalNewline && ls.length > 0 ? '\n' : '')

type Change =
  | { kind: 'none' }
  | { kind: 'append'; lines: string[]; finalNewline: boolean }
  | { kind: 'rewrite'; at: number; line: string }
  | { kind: 'truncate'; at: number }
  | { kind: 'replace'; lines: string[] }
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.constant<Change>({ kind: 'none' }),
  fc.record({
    kind: fc.constant('append' as const),
    lines: fc.array(line, { minLength: 1, maxLength: 10 }),
    finalNewline: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('rewrite' as const), at: fc.nat(), line }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), lines }),
)

function changed(before: string, c: Change, original: readonly string[]): string {
  if (c.kind === 'none') return before
  if (c.kind === 'append') return before + text(c.lines, c.finalNewline)
  if (c.kind === 'replace') return text(c.lines)
  if (c.kind === 'truncate') return before.slice(0, c.at % (before.length + 1))
  if (original.length === 0) return before
  const copy = [...original]
  copy[c.at % copy.length] = c.line
  return text(copy)
}

type Host = 'bytes, exclusive create' | 'bytes' | 'whole files'

/**
 * A memory vault whose bytes come `size` at a time through one reused buffer (cut anywhere, even
 * inside a character); or, as Logseq's hosts, one that reads files whole (no `readChunks`).
 */
function hostVault(initial: string, size: number, host: Host): Vault & { files: Map<string, string> } {
  const base = memoryVault({ [LOG_PATH]: initial })
  if (host === 'whole files') {
    const { readChunks: _, ...whole } = base
    return whole
  }
  const vault = {
    ...base,
    opened: 0,
    async readChunks(path: string) {
      const content = base.files.get(path)
      if (content === undefined) return null
      vault.opened++
      const bytes = new TextEncoder().encode(content)
      async function* chunks() {
        const buffer = new Uint8Array(size)
        for (let start = 0; start < bytes.length; start += size) {
          const part = bytes.subarray(start, start + size)
          buffer.fill(0x7b)
          buffer.set(part)
          yield buffer.subarray(0, part.length)
        }
      }
      return { size: bytes.length, chunks: chunks() }
    },
    ...(host === 'bytes, exclusive create' && { createExclusive: async () => true }),
  }
  return vault
}

function answers(log: ReviewLog) {
  return {
    size: log.size,
    present: log.present,
    all: log.all(),
    items: [...log.items()].sort(),
    voids: log.voids,
    findings: log.findings,
    histories: Object.fromEntries([...ids, 'b#y'].map(id => [id, log.historyOf(id)])),
  }
}

const aliasesArb = fc.constantFrom<Aliases>({}, { 'a#x': 'b#y' })

describe('the log cache', () => {
  it('gives what reading every byte gives, whatever was done to the log since it was filled (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        lines,
        fc.boolean(),
        fc.array(change, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 80 }),
        fc.constantFrom<Host>('bytes, exclusive create', 'bytes', 'whole files'),
        fc.boolean(),
        aliasesArb,
        async (first, firstNewline, changes, size, host, fresh, aliases) => {
          let current = text(first, firstNewline)
          const vault = hostVault(current, size, host)
          const store = memoryCacheStore()
          const key = logCacheKey('/corpus')
          // The clock far after every mtime the memory vault gives (1, 2, 3…): stamps are trusted.
          const make = (): LogCache => createLogCache({ store: { cache: store, key }, now: () => 1e12 })
          let cache = make()
          await readLogAndMark(vault, aliases, cache)
          for (const c of changes) {
            const next = changed(current, c, first)
            // Written through the vault, so its stamp moves as a real file's does.
            if (next !== current) await vault.write(LOG_PATH, next)
            current = next
            if (fresh) cache = make()
            const cached = await readLogAndMark(vault, aliases, cache)
            const whole = await readLogAndMark(vault, aliases)
            expect(cached.mark).toEqual(whole.mark)
            expect(answers(cached.log)).toEqual(answers(whole.log))
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})

import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { practiceCommand } from '../../src/cli/commands/practice.js'
import type { CommandContext } from '../../src/cli/context.js'
import { LOG_PATH, STATE_PATH } from '../../src/core/corpus.js'
import { wholeDerivationCount } from '../../src/core/snapshot.js'
import { serializeState } from '../../src/core/state.js'
import type { Vault } from '../../src/ports/vault.js'

// Issue 13: a practice session reads the corpus and replays the log once, at the start; each
// grade then appends its line and folds that one item again. Counted from outside: the reads the
// vault serves, and the snapshot's whole derivations (every item's history folded).

const TODAY = '2026-11-30'
const ITEMS = 24

function deck(): string {
  const entries = Array.from({ length: ITEMS }, (_, i) => `[[q${i}]]Question ${i}?:: Answer ${i}.`)
  return `= Deck\n:intent: internalise\n\n[qanda]\n${entries.join('\n')}\n`
}

function counting(vault: Vault): { vault: Vault; reads: Map<string, number> } {
  const reads = new Map<string, number>()
  return {
    reads,
    vault: {
      ...vault,
      description: vault.description,
      list: () => vault.list(),
      read: path => {
        reads.set(path, (reads.get(path) ?? 0) + 1)
        return vault.read(path)
      },
      write: (path, text) => vault.write(path, text),
      append: (path, text) => vault.append(path, text),
      remove: path => vault.remove(path),
      stat: path => vault.stat!(path),
    },
  }
}

describe('a practice session of 20 grades', () => {
  it('reads the notes and the log and replays once, at the start; none per grade', async () => {
    const memory = memoryVault({
      'internalise/deck.adoc': deck(),
      [LOG_PATH]: '{"item":"deck#q0","date":"2026-11-01","grade":"good"}\n',
      // Every item registered before today, so that more than 20 are due; no daily limits.
      [STATE_PATH]: serializeState(
        Object.fromEntries(
          Array.from({ length: ITEMS }, (_, i) => [`deck#q${i}`, { level: 1, next_due: '2026-11-29', reps: 0 }]),
        ),
      ),
      'internalise/.srs/config.json': '{"limits": {"newPerDay": null, "reviewsPerDay": null}}\n',
    })
    const { vault, reads } = counting(memory)
    const answers: string[] = []
    for (let i = 0; i < 20; i++) answers.push('my answer', i % 5 === 0 ? 'again' : 'good')
    const input = (async function* () {
      yield* answers
    })()
    const out: string[] = []
    const ctx: CommandContext = {
      vault,
      corpusDir: '/memory',
      cwd: '/',
      today: TODAY,
      json: false,
      args: [],
      flags: new Map(),
      out: text => out.push(text),
      err: text => out.push(text),
      input,
      cacheDir: '/nowhere',
      interactive: false,
    }
    const before = wholeDerivationCount()
    expect(await practiceCommand(ctx)).toBe(0)
    const written = (memory.files.get(LOG_PATH) ?? '').trim().split('\n')
    expect(written).toHaveLength(21)
    expect(out.join('\n')).toContain('Every grade given is in the log.')
    expect(wholeDerivationCount() - before).toBe(1)
    expect(reads.get('internalise/deck.adoc')).toBe(1)
    expect(reads.get(LOG_PATH)).toBe(1)
    // state.json is still what a replay of the log gives (SPEC 1.5): read fresh, derived fresh.
    const fresh = memoryVault(Object.fromEntries(memory.files))
    const { loadCorpus } = await import('../../src/app/corpus.js')
    const { derivedState } = await import('../../src/core/snapshot.js')
    expect(memory.files.get(STATE_PATH)).toBe(serializeState(derivedState(await loadCorpus(fresh), TODAY)))
  })
})

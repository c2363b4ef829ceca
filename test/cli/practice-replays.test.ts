import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { practiceCommand } from '../../src/cli/commands/practice.js'
import type { CommandContext } from '../../src/cli/context.js'
import { LOG_PATH, STATE_PATH } from '../../src/core/corpus.js'
import { derivedState, wholeDerivationCount } from '../../src/core/snapshot.js'
import { serializeState } from '../../src/core/state.js'
import type { Vault } from '../../src/ports/vault.js'
import { tempCorpus } from '../support/temp-corpus.js'

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
      ...(vault.readChunks
        ? {
            readChunks: (path: string) => {
              reads.set(path, (reads.get(path) ?? 0) + 1)
              return vault.readChunks!(path)
            },
          }
        : {}),
      ...(vault.createExclusive ? { createExclusive: (path, text) => vault.createExclusive!(path, text) } : {}),
    },
  }
}

function corpusFiles(): Record<string, string> {
  return {
    'internalise/deck.adoc': deck(),
    [LOG_PATH]: '{"item":"deck#q0","date":"2026-11-01","grade":"good"}\n',
    // Every item registered before today, so that more than 20 are due; no daily limits.
    [STATE_PATH]: serializeState(
      Object.fromEntries(
        Array.from({ length: ITEMS }, (_, i) => [`deck#q${i}`, { level: 1, next_due: '2026-11-29', reps: 0 }]),
      ),
    ),
    'internalise/.srs/config.json': '{"limits": {"newPerDay": null, "reviewsPerDay": null}}\n',
  }
}

async function practise(vault: Vault): Promise<string[]> {
  const answers: string[] = []
  for (let i = 0; i < 20; i++) answers.push('my answer', i % 5 === 0 ? 'again' : 'good')
  const input = (async function* () {
    yield* answers
  })()
  const out: string[] = []
  const ctx: CommandContext = {
    vault,
    corpusDir: '/corpus',
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
  expect(await practiceCommand(ctx)).toBe(0)
  return out
}

/** state.json is still what a replay of the log gives (SPEC 1.5): read fresh, derived fresh. */
async function expectStateReplayed(files: Record<string, string>): Promise<void> {
  const fresh = memoryVault(files)
  expect(files[STATE_PATH]).toBe(serializeState(derivedState(await loadCorpus(fresh), TODAY)))
}

describe('a practice session of 20 grades', () => {
  it('on a disk: reads the notes and the log and replays once, at the start; none per grade', async () => {
    const folder = tempCorpus(corpusFiles())
    onTestFinished(folder.remove)
    const { vault, reads } = counting(nodeVault(folder.path))
    const before = wholeDerivationCount()
    const out = await practise(vault)
    expect(out.join('\n')).toContain('Every grade given is in the log.')
    const log = readFileSync(join(folder.path, LOG_PATH), 'utf8')
    expect(log.trim().split('\n')).toHaveLength(21)
    expect(wholeDerivationCount() - before).toBe(1)
    expect(reads.get('internalise/deck.adoc')).toBe(1)
    expect(reads.get(LOG_PATH)).toBe(1)
    await expectStateReplayed({
      ...corpusFiles(),
      [LOG_PATH]: log,
      [STATE_PATH]: readFileSync(join(folder.path, STATE_PATH), 'utf8'),
    })
  })

  it('on a whole-file host: the writer reads the log to append (SPEC 1.4), but nothing is replayed per grade', async () => {
    const memory = memoryVault(corpusFiles())
    const { vault, reads } = counting(memory)
    const before = wholeDerivationCount()
    await practise(vault)
    expect((memory.files.get(LOG_PATH) ?? '').trim().split('\n')).toHaveLength(21)
    expect(wholeDerivationCount() - before).toBe(1)
    expect(reads.get('internalise/deck.adoc')).toBe(1)
    await expectStateReplayed(Object.fromEntries(memory.files))
  })
})

import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { nodeCacheStore } from '../../src/adapters/node-cache-store.js'
import { createLogCache, logCacheKey } from '../../src/app/log-cache.js'
import { readLogAndMark } from '../../src/app/log-mark.js'
import { LOG_PATH } from '../../src/core/corpus.js'
import type { Vault } from '../../src/ports/vault.js'
import { memoryCacheStore } from '../support/memory-cache-store.js'

const review = (item: string, date: string, grade: string) => `{"item":"${item}","date":"${date}","grade":"${grade}"}\n`
const LOG = review('n#a', '2026-01-01', 'good') + review('n#b', '2026-01-02', 'again')
const key = logCacheKey('/corpus')

/** A memory vault that counts how often the log's bytes are opened. */
function countingVault(initial: string): Vault & { files: Map<string, string>; opened: () => number } {
  const base = memoryVault({ [LOG_PATH]: initial })
  let opened = 0
  return {
    ...base,
    async readChunks(path) {
      if (path === LOG_PATH) opened++
      return base.readChunks?.(path) ?? null
    },
    opened: () => opened,
  }
}

describe('the log cache', () => {
  it('serves an unchanged log without opening it once its stamp is older than the racy window', async () => {
    const vault = countingVault(LOG)
    const store = memoryCacheStore()
    await readLogAndMark(vault, {}, createLogCache({ store: { cache: store, key }, now: () => 1e12 }))
    expect(vault.opened()).toBe(1)
    const again = await readLogAndMark(vault, {}, createLogCache({ store: { cache: store, key }, now: () => 1e12 }))
    expect(vault.opened()).toBe(1)
    expect(again.log.all().map(r => r.item)).toEqual(['n#a', 'n#b'])
    expect(again.mark).toEqual((await readLogAndMark(vault, {})).mark)
  })

  it('reads a log whose stamp is within the racy window, and sees a same-size rewrite that kept the stamp', async () => {
    const vault = countingVault(LOG)
    // The clock right at the vault's mtimes: every stamp is racy.
    const cache = createLogCache({ store: { cache: memoryCacheStore(), key }, now: () => 1 })
    await readLogAndMark(vault, {}, cache)
    // Same size, same stamp (the map is changed behind the vault's back, as a file within its mtime granularity).
    vault.files.set(LOG_PATH, LOG.replace('2026-01-02', '2026-01-03'))
    const read = await readLogAndMark(vault, {}, cache)
    // Opened to check the recorded bytes (they differ), then read whole.
    expect(vault.opened()).toBe(3)
    expect(read.log.all().map(r => r.date)).toEqual(['2026-01-01', '2026-01-03'])
  })

  it('parses only what was appended when the recorded bytes are still the log’s first bytes', async () => {
    const vault = countingVault(LOG)
    const store = memoryCacheStore()
    await readLogAndMark(vault, {}, createLogCache({ store: { cache: store, key }, now: () => 1e12 }))
    await vault.append(LOG_PATH, review('n#c', '2026-01-03', 'easy') + 'not json\n')
    const read = await readLogAndMark(vault, {}, createLogCache({ store: { cache: store, key }, now: () => 1e12 }))
    const whole = await readLogAndMark(vault, {})
    expect(read.log.all()).toEqual(whole.log.all())
    expect(read.log.findings).toEqual([expect.objectContaining({ rule: 'log-malformed', line: 4 })])
    expect(read.mark).toEqual(whole.mark)
  })

  it('reads the whole log when the stored cache is damaged, and says why when debugging', async () => {
    const vault = countingVault(LOG)
    const store = memoryCacheStore()
    await readLogAndMark(vault, {}, createLogCache({ store: { cache: store, key }, now: () => 1e12 }))
    const stored = store.bytes.get(key) as Uint8Array
    stored[stored.length - 1] = 3 // the last review's grade, within the range of grades
    const heard: string[] = []
    const cache = createLogCache({ store: { cache: store, key }, now: () => 1e12, debug: m => heard.push(m) })
    const read = await readLogAndMark(vault, {}, cache)
    expect(read.log.all().map(r => r.grade)).toEqual(['good', 'again'])
    expect(heard).toEqual([expect.stringContaining('is damaged')])
  })

  it('gives back a source it decides not to read (a log now shorter than the bytes it recorded)', async () => {
    const vault = countingVault(LOG)
    const cache = createLogCache({ now: () => 1e12 })
    await readLogAndMark(vault, {}, cache)
    vault.files.set(LOG_PATH, '')
    // Wraps each opened source to hear whether its iterator is given back (the host's file closed).
    let givenBack = 0
    const watched: Vault = {
      ...vault,
      async readChunks(path) {
        const source = await vault.readChunks?.(path)
        if (!source) return null
        const iterator = source.chunks[Symbol.asyncIterator]()
        const chunks: AsyncIterableIterator<Uint8Array> = {
          [Symbol.asyncIterator]: () => chunks,
          next: () => iterator.next(),
          return: async () => {
            givenBack++
            return (await iterator.return?.()) ?? { done: true, value: undefined }
          },
        }
        return { ...source, chunks }
      },
    }
    const read = await readLogAndMark(watched, {}, cache)
    expect(read.log.all()).toEqual([])
    // Two opens: the one whose size ruled out an append (given back unread) and the whole read.
    expect(vault.opened()).toBe(3)
    expect(givenBack).toBe(1)
  })

  it('keeps its bytes in the CLI cache folder beside the scan cache, removed with it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'notekeeper-log-cache-'))
    try {
      const store = nodeCacheStore(folder)
      await store.writeBytes?.(key, [new Uint8Array([1, 2, 3])])
      expect(await store.readBytes?.(key)).toEqual(new Uint8Array([1, 2, 3]))
      expect(await readdir(folder)).toEqual([`${key}.bin`])
      await store.remove(key)
      expect(await store.readBytes?.(key)).toBeNull()
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})

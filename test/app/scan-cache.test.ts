import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { nodeCacheStore } from '../../src/adapters/node-cache-store.js'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { checksum, sumFor } from '../../src/app/cache-checksum.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { plainModel } from '../../src/app/packed-model.js'
import { createScanCache, RACY_MS, scanCacheKey, storedPaths } from '../../src/app/scan-cache.js'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { INTENTS } from '../../src/core/types.js'
import type { CacheStore } from '../../src/ports/cache.js'
import { type Vault, VaultError } from '../../src/ports/vault.js'
import { memoryCacheStore } from '../support/memory-cache-store.js'
import { adocFiles, realCorpusOrSkip } from '../support/real-corpus.js'
import { tempCorpus, tempFolder } from '../support/temp-corpus.js'

/** A vault that counts the note reads a load makes. */
function counting(vault: Vault): Vault & { noteReads: () => number } {
  let reads = 0
  return {
    ...vault,
    read: path => {
      if (path.endsWith('.adoc')) reads++
      return vault.read(path)
    },
    noteReads: () => reads,
  }
}

const cacheFor = (store: CacheStore, location: string, debug?: (message: string) => void) =>
  createScanCache({ store: { cache: store, key: scanCacheKey(location) }, ...(debug && { debug }) })

const note = (title: string, item: string) =>
  `= ${title}\n\n[qanda]\n[[${item}]] What is ${title}?::\n  The answer about ${title}.\n`

/** One second ago is well inside the racy window; an hour ago is well outside it. */
const HOUR_AGO = (Date.now() - 3_600_000) / 1000

describe('the persistent scan cache', () => {
  it('gives back note models equal to a fresh scan, and a warm load reads no note', async () => {
    const vault = memoryVault({
      'internalise/a.adoc': note('Alpha', 'a1'),
      'reference/b.adoc': '= Beta\n\nSee xref:../internalise/a.adoc#a1[alpha] and https://example.org.\n',
      'track/c.adoc': '= Gamma\n\n== Open\n\n* one thing\n* another\n',
    })
    const store = memoryCacheStore()
    const cold = await loadCorpus(vault, { cache: cacheFor(store, 'corpus') })
    expect(store.bytes.size).toBe(1)
    const warmVault = counting(vault)
    const warm = await loadCorpus(warmVault, { cache: cacheFor(store, 'corpus') })
    expect(warmVault.noteReads()).toBe(0)
    expect(warm.notes.map(plainModel)).toEqual(cold.notes.map(plainModel))
    expect(warm.notes.map(plainModel)).toEqual(
      [...vault.files].filter(([p]) => p.endsWith('.adoc')).map(([p, t]) => scanNote(p, t)),
    )
  })

  it('gives back models equal to a fresh scan on real AsciiDoc (the shared corpora), in every folder', async () => {
    const folder = realCorpusOrSkip('scan cache on real AsciiDoc')
    if (folder === null) return
    const files: Record<string, string> = {}
    // Round the three intents, so that items (internalise/) and Track entries (track/) are packed too.
    adocFiles(folder).forEach((file, index) => {
      const intent = INTENTS[index % INTENTS.length] as string
      files[`${intent}/${relative(folder, file).split(sep).join('-')}`] = readFileSync(file, 'utf8')
    })
    const vault = memoryVault(files)
    const store = memoryCacheStore()
    await loadCorpus(vault, { cache: cacheFor(store, 'real') })
    const warmVault = counting(vault)
    const warm = await loadCorpus(warmVault, { cache: cacheFor(store, 'real') })
    expect(warmVault.noteReads()).toBe(0)
    expect(warm.notes.length).toBeGreaterThan(500)
    expect(warm.notes.filter(note => note.track.length > 0).length).toBeGreaterThan(50)
    for (const model of warm.notes) expect(plainModel(model)).toEqual(scanNote(model.path, files[model.path] ?? ''))
  })

  it('checks the same sum of the same bytes however they are split into parts (a save writes the models as parts)', () => {
    const bytes = fc.uint8Array({ maxLength: 200 })
    fc.assert(
      fc.property(bytes, fc.array(fc.nat(200), { maxLength: 8 }), fc.nat(3), (all, cuts, offset) => {
        // Parts at any byte offset of their buffers, as views of a cache file or of a model are.
        const shifted = new Uint8Array(all.length + offset)
        shifted.set(all, offset)
        const view = shifted.subarray(offset)
        const points = [...new Set(cuts.map(cut => cut % (all.length + 1)))].sort((a, b) => a - b)
        const parts = [0, ...points].map((from, index) => view.subarray(from, [...points, all.length][index]))
        expect(checksum(parts)).toBe(checksum([all]))
      }),
    )
    expect(checksum([new Uint8Array([1, 2, 3, 4, 5])])).not.toBe(checksum([new Uint8Array([1, 2, 3, 4, 6])]))
  })

  it('rescans a file changed since, and one changed within the same second with the same size', async () => {
    const corpus = tempCorpus({ 'internalise/a.adoc': note('Alpha', 'a1'), 'internalise/b.adoc': note('Betaa', 'b1') })
    const cache = tempFolder()
    try {
      const file = (name: string) => join(corpus.path, 'internalise', name)
      utimesSync(file('b.adoc'), HOUR_AGO, HOUR_AGO)
      const store = nodeCacheStore(cache.path)
      await loadCorpus(nodeVault(corpus.path), { cache: cacheFor(store, corpus.path) })
      // a.adoc was written just now (inside the racy window): the same size, the same mtime, another text.
      const { mtime } = statSync(file('a.adoc'))
      writeFileSync(file('a.adoc'), note('Omega', 'a1'))
      utimesSync(file('a.adoc'), mtime, mtime)
      // b.adoc is old: changed to the same size, its mtime set back (cp -p, rsync -t): ctime tells.
      writeFileSync(file('b.adoc'), note('Gamma', 'b1'))
      utimesSync(file('b.adoc'), HOUR_AGO, HOUR_AGO)
      const again = await loadCorpus(nodeVault(corpus.path), { cache: cacheFor(store, corpus.path) })
      expect(again.notes.map(n => n.title)).toEqual(['Omega', 'Gamma'])
    } finally {
      corpus.remove()
      cache.remove()
    }
  })

  it('trusts an unchanged old file by its stamp, and reads one whose mtime is too recent to trust', async () => {
    let now = 1_000_000
    const vault = counting(memoryVault({ 'internalise/a.adoc': note('Alpha', 'a1') }))
    const stat = vault.stat?.bind(vault)
    let mtimeMs = now - RACY_MS / 2
    const stamped: Vault = { ...vault, stat: async path => ((await stat?.(path)) ? { size: 60, mtimeMs } : null) }
    const cache = createScanCache({ now: () => now })
    await loadCorpus(stamped, { cache })
    await loadCorpus(stamped, { cache })
    expect(vault.noteReads()).toBe(2) // racy: read again, compared by hash
    now += RACY_MS
    await loadCorpus(stamped, { cache })
    expect(vault.noteReads()).toBe(3) // checked at a time later than mtime + RACY_MS now
    mtimeMs = now - 10 * RACY_MS
    await loadCorpus(stamped, { cache }) // a new stamp: read once more
    await loadCorpus(stamped, { cache })
    expect(vault.noteReads()).toBe(4)
  })

  /** A memory store with the CLI's CRC-32 (zlib's), as the Node cache store has it. */
  const withCrc32 = (): ReturnType<typeof memoryCacheStore> => {
    const crc32 = nodeCacheStore('unused: the CRC-32 touches no file').crc32
    if (!crc32) throw new Error('this Node has no zlib.crc32 (Node 20.15 and later)')
    return Object.assign(memoryCacheStore(), { crc32 })
  }

  it.each([
    ['its own sum', memoryCacheStore],
    ['a CRC-32', withCrc32],
  ])(
    'works when the stored cache is deleted, damaged, old or of another scanner version, and says why once (%s)',
    async (_, storeOf) => {
      const vault = memoryVault({
        'internalise/a.adoc': note('Alpha', 'a1'),
        'track/t.adoc': '= T\n\n== Open\n\n* x\n',
      })
      const store = storeOf()
      const key = scanCacheKey('corpus')
      const fresh = (await loadCorpus(vault)).notes.map(plainModel)
      const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)
      const afterFormat = (bytes: Uint8Array) => text(bytes).indexOf('notekeeper-scan-cache 3') + 23
      const flipped = (bytes: Uint8Array, at: number) => {
        const copy = bytes.slice()
        copy[at] = (copy[at] as number) ^ 0x20
        return copy
      }
      const damages: [string, (bytes: Uint8Array) => string | Uint8Array | null, RegExp | null][] = [
        ['deleted', () => null, null],
        ['the JSON form of ADR 0022', () => '{"format":"notekeeper-scan-cache","version":3,"entries":{}}', null],
        ['truncated', bytes => bytes.slice(0, bytes.length / 2), /damaged/],
        ['not a cache', () => new TextEncoder().encode('{"hello": 1}'), /not a scan cache/],
        ['older scanner', bytes => flipped(bytes, afterFormat(bytes)), /written by scanner version/],
        ['one byte changed in a model', bytes => flipped(bytes, text(bytes).indexOf('The answer about')), /damaged/],
        ['one byte changed in a path', bytes => flipped(bytes, text(bytes).indexOf('track/t.adoc')), /damaged/],
      ]
      for (const [what, damage, said] of damages) {
        await loadCorpus(vault, { cache: cacheFor(store, 'corpus') })
        const stored = store.bytes.get(key)
        if (stored === undefined) throw new Error(`${what}: no bytes stored`)
        const damaged = damage(stored)
        store.bytes.delete(key)
        if (typeof damaged === 'string') store.entries.set(key, damaged)
        else if (damaged !== null) store.bytes.set(key, damaged)
        const messages: string[] = []
        const reading = counting(vault)
        const loaded = await loadCorpus(reading, { cache: cacheFor(store, 'corpus', m => messages.push(m)) })
        expect(loaded.notes.map(plainModel), what).toEqual(fresh)
        expect(reading.noteReads(), `${what}: every note read`).toBe(2)
        expect(messages.length, what).toBe(said ? 1 : 0)
        if (said) expect(messages[0], what).toMatch(said)
        const again = store.bytes.get(key)
        expect(again && storedPaths(again, key, store), `${what}: written again`).toEqual([
          'internalise/a.adoc',
          'track/t.adoc',
        ])
        expect(store.entries.has(key), `${what}: no JSON form left`).toBe(false)
      }
    },
  )

  it('reads a cache checked with a CRC-32 only where the store computes one, and then writes its own sum', async () => {
    const vault = memoryVault({ 'internalise/a.adoc': note('Alpha', 'a1') })
    const native = withCrc32()
    await loadCorpus(vault, { cache: cacheFor(native, 'corpus') })
    const written = native.bytes.get(scanCacheKey('corpus'))
    if (written === undefined) throw new Error('nothing stored')
    expect(storedPaths(written, scanCacheKey('corpus'), native)).toEqual(['internalise/a.adoc'])
    expect(storedPaths(written, scanCacheKey('corpus'))).toBeNull()
    // The same bytes where the store has no CRC-32 (a Node before 20.15): not used, said, written again.
    const plain = memoryCacheStore()
    plain.bytes.set(scanCacheKey('corpus'), written)
    const messages: string[] = []
    const reading = counting(vault)
    await loadCorpus(reading, { cache: cacheFor(plain, 'corpus', m => messages.push(m)) })
    expect(reading.noteReads()).toBe(1)
    expect(messages).toEqual([expect.stringMatching(/checked with a CRC-32 this host does not compute; scanning/)])
    const again = plain.bytes.get(scanCacheKey('corpus'))
    expect(again && storedPaths(again, scanCacheKey('corpus'))).toEqual(['internalise/a.adoc'])
  })

  it("takes the CRC-32 of the same bytes the same however they are split into parts, and it is zlib's", () => {
    const crc32 = sumFor(1, withCrc32())
    if (crc32 === null) throw new Error('no CRC-32')
    // The check value of CRC-32/ISO-HDLC.
    expect(crc32([new TextEncoder().encode('123456789')])).toBe(0xcbf43926)
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.array(fc.nat(200), { maxLength: 8 }), (all, cuts) => {
        const points = [...new Set(cuts.map(cut => cut % (all.length + 1)))].sort((a, b) => a - b)
        const parts = [0, ...points].map((from, index) => all.subarray(from, [...points, all.length][index]))
        expect(crc32(parts)).toBe(crc32([all]))
      }),
    )
  })

  it('takes stamps from statAll where the vault has it: one failed stat is that note’s finding, a failed call settles none', async () => {
    const files = { 'internalise/a.adoc': note('Alpha', 'a1'), 'internalise/b.adoc': note('Betaa', 'b1') }
    const mtimeMs = Date.now() - 10 * RACY_MS
    const stampOf = (path: string) => ({ size: files[path as keyof typeof files].length, mtimeMs })
    const only = (statAll: Vault['statAll']): Vault & { noteReads: () => number } => {
      const { stat: _unused, ...rest } = memoryVault(files)
      return counting({ ...rest, statAll })
    }
    const cache = createScanCache()
    const whole = only(async paths => paths.map(stampOf))
    await loadCorpus(whole, { cache })
    expect(whole.noteReads()).toBe(2)
    const served = only(async paths => paths.map(stampOf))
    expect((await loadCorpus(served, { cache })).notes.map(n => n.title)).toEqual(['Alpha', 'Betaa'])
    expect(served.noteReads()).toBe(0) // a vault with statAll and no stat is served by its stamps
    const oneFails = only(async paths =>
      paths.map(path => (path.endsWith('b.adoc') ? new Error('EIO') : stampOf(path))),
    )
    const partly = await loadCorpus(oneFails, { cache })
    expect(partly.notes.map(n => n.title)).toEqual(['Alpha'])
    expect(partly.unreadable.map(f => [f.file, f.message])).toEqual([
      ['internalise/b.adoc', 'cannot read internalise/b.adoc: EIO'],
    ])
    // The vault's own errors name the path and the action: said once, not twice.
    const denied = {
      ...memoryVault(files),
      read: async (path: string) => {
        if (path.endsWith('b.adoc')) throw new VaultError(path, 'cannot read: EACCES: permission denied')
        return memoryVault(files).read(path)
      },
    }
    expect((await loadCorpus(denied)).unreadable.map(f => f.message)).toEqual([
      'internalise/b.adoc: cannot read: EACCES: permission denied',
    ])
    const failing = only(() => Promise.reject(new Error('EIO')))
    const anyway = await loadCorpus(failing, { cache })
    expect(anyway.notes.map(n => n.title)).toEqual(['Alpha', 'Betaa'])
    expect(failing.noteReads()).toBe(2) // no stamp: each note read and matched by its text
  })

  it('never fails a load when the store cannot be read or written', async () => {
    const broken: CacheStore = {
      description: 'a broken store',
      read: () => Promise.reject(new Error('EIO')),
      write: () => Promise.reject(new Error('ENOSPC')),
      readBytes: () => Promise.reject(new Error('EIO')),
      writeBytes: () => Promise.reject(new Error('ENOSPC')),
      remove: () => Promise.reject(new Error('EIO')),
    }
    const messages: string[] = []
    const loaded = await loadCorpus(memoryVault({ 'internalise/a.adoc': note('Alpha', 'a1') }), {
      cache: cacheFor(broken, 'corpus', m => messages.push(m)),
    })
    expect(loaded.notes.map(n => n.title)).toEqual(['Alpha'])
    expect(messages).toEqual([
      'scan cache: cannot read a broken store: EIO; scanning every note',
      'scan cache: cannot write a broken store: ENOSPC',
    ])
  })

  it('keeps two corpora apart, drops the entries of deleted files, and stays in the cache folder', async () => {
    const one = tempCorpus({ 'internalise/a.adoc': note('Alpha', 'a1'), 'internalise/gone.adoc': note('Gone', 'g1') })
    const two = tempCorpus({ 'internalise/a.adoc': note('Omega', 'a1') })
    const cache = tempFolder()
    try {
      for (const corpus of [one, two]) utimesSync(join(corpus.path, 'internalise/a.adoc'), HOUR_AGO, HOUR_AGO)
      const store = nodeCacheStore(cache.path)
      for (const corpus of [one, two]) await loadCorpus(nodeVault(corpus.path), { cache: cacheFor(store, corpus.path) })
      expect(readdirSync(cache.path).sort()).toEqual(
        [`${scanCacheKey(one.path)}.bin`, `${scanCacheKey(two.path)}.bin`].sort(),
      )
      expect(existsSync(join(one.path, '.notekeeper'))).toBe(false)
      const titles = async (corpus: { path: string }) =>
        (await loadCorpus(nodeVault(corpus.path), { cache: cacheFor(store, corpus.path) })).notes.map(n => n.title)
      expect(await titles(one)).toEqual(['Alpha', 'Gone'])
      expect(await titles(two)).toEqual(['Omega'])
      rmSync(join(one.path, 'internalise/gone.adoc'))
      expect(await titles(one)).toEqual(['Alpha'])
      const stored = readFileSync(join(cache.path, `${scanCacheKey(one.path)}.bin`))
      expect(storedPaths(new Uint8Array(stored), scanCacheKey(one.path), store)).toEqual(['internalise/a.adoc'])
    } finally {
      for (const folder of [one, two, cache]) folder.remove()
    }
  })

  it('keeps at most 16 corpora in the cache folder, the ones written last', async () => {
    const cache = tempFolder()
    try {
      const store = nodeCacheStore(cache.path)
      for (let i = 0; i < 18; i++) {
        await store.write(`scan-${i}`, '{}')
        utimesSync(join(cache.path, `scan-${i}.json`), HOUR_AGO + i, HOUR_AGO + i)
      }
      await store.write('scan-last', '{}')
      const left = readdirSync(cache.path)
      expect(left).toHaveLength(16)
      expect(left).toContain('scan-last.json')
      expect(left).not.toContain('scan-0.json')
      expect(left).not.toContain('scan-2.json')
      expect(left).toContain('scan-17.json')
    } finally {
      cache.remove()
    }
  })
})

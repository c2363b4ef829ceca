import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import nodePath from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { nodeCacheStore } from '../../src/adapters/node-cache-store.js'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { createLogCache, logCacheKey } from '../../src/app/log-cache.js'
import { createScanCache, scanCacheKey } from '../../src/app/scan-cache.js'
import { fileLinkCache } from '../../src/cli/commands/hygiene.js'
import { LOG_PATH } from '../../src/core/corpus.js'
import { tempCorpus, tempFolder } from '../support/temp-corpus.js'

// The CLI's cache folder is safe to delete and never stops a command (ADR 0022): a named pipe in
// place of a cache file (a FIFO opened for reading waits for a writer, forever) is no entry, read
// without blocking, and the next write renames a regular file over it.

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})
function folder(): string {
  const made = tempFolder()
  cleanups.push(made.remove)
  return made.path
}

/** A named pipe at `path` (node:fs cannot make one). */
function fifo(path: string): void {
  fs.mkdirSync(nodePath.dirname(path), { recursive: true })
  const made = spawnSync('mkfifo', [path])
  if (made.status !== 0) throw new Error(`mkfifo ${path}: ${made.stderr}`)
}

/**
 * The guard against a regression that hangs: a process that opens each pipe for writing after a
 * pause and writes a byte, so that a reader blocked on it wakes up, reads the byte and fails the
 * test, rather than hanging the run. Read without blocking, the pipe never has a reader: the
 * guard waits at its open until it is killed when the test ends.
 */
function guard(paths: string[]): void {
  const script = 'sleep 2; for pipe in "$@"; do printf x > "$pipe"; done'
  const child: ChildProcess = spawn('sh', ['-c', script, 'guard', ...paths], { stdio: 'ignore' })
  cleanups.push(() => child.kill('SIGKILL'))
}

const isRegularFile = (path: string): boolean => fs.lstatSync(path).isFile()

describe.skipIf(process.platform === 'win32')('the CLI cache store: a named pipe in place of a cache file', () => {
  it('is no entry, refused by name at once, and replaced by the next write', async () => {
    const cache = folder()
    const bin = nodePath.join(cache, 'scan-0123456789abcdef.bin')
    const json = nodePath.join(cache, 'scan-0123456789abcdef.json')
    fifo(bin)
    fifo(json)
    guard([bin, json])
    const store = nodeCacheStore(cache)
    await expect(store.readBytes('scan-0123456789abcdef')).rejects.toThrow(
      `${bin}: not a regular file (a named pipe); read as no cache, replaced at the next write`,
    )
    await expect(store.read('scan-0123456789abcdef')).rejects.toThrow(`${json}: not a regular file (a named pipe)`)
    await store.writeBytes('scan-0123456789abcdef', [new Uint8Array([1, 2, 3])])
    await store.write('scan-0123456789abcdef', 'text')
    expect(isRegularFile(bin) && isRegularFile(json)).toBe(true)
    expect(await store.readBytes('scan-0123456789abcdef')).toEqual(new Uint8Array([1, 2, 3]))
    expect(await store.read('scan-0123456789abcdef')).toBe('text')
  })

  it('a folder in place of a cache file is no entry either', async () => {
    const cache = folder()
    fs.mkdirSync(nodePath.join(cache, 'log-0123456789abcdef.bin'))
    await expect(nodeCacheStore(cache).readBytes('log-0123456789abcdef')).rejects.toThrow(
      'not a regular file (a folder)',
    )
  })

  it('a load over pipes as both caches scans cold, reads the whole log and writes both caches as files', async () => {
    const corpus = tempCorpus({
      'internalise/a.adoc': '= A\n:intent: internalise\n\n[qanda]\n[[x]]Q?:: A.\n',
      [LOG_PATH]: '{"item":"a#x","date":"2026-01-01","grade":"good"}\n',
    })
    cleanups.push(corpus.remove)
    const cache = folder()
    const scanKey = scanCacheKey(corpus.path)
    const logKey = logCacheKey(corpus.path)
    const pipes = [nodePath.join(cache, `${scanKey}.bin`), nodePath.join(cache, `${logKey}.bin`)]
    for (const pipe of pipes) fifo(pipe)
    guard(pipes)
    const store = nodeCacheStore(cache)
    const heard: string[] = []
    const debug = (message: string) => heard.push(message)
    const loaded = await loadCorpus(nodeVault(corpus.path), {
      cache: createScanCache({ store: { cache: store, key: scanKey }, debug }),
      logCache: createLogCache({ store: { cache: store, key: logKey }, debug }),
    })
    expect(loaded.notes.map(note => note.path)).toEqual(['internalise/a.adoc'])
    expect(loaded.log.all().map(review => review.item)).toEqual(['a#x'])
    expect(heard).toEqual([
      expect.stringMatching(/^scan cache: cannot read .*not a regular file \(a named pipe\).*; scanning every note$/),
      expect.stringMatching(/^log cache: cannot read .*not a regular file \(a named pipe\).*; reading the whole log$/),
    ])
    expect(pipes.map(isRegularFile)).toEqual([true, true])
  })

  it('hygiene --online: a pipe as links.json is no cache, and a save replaces it', async () => {
    const cache = folder()
    const links = nodePath.join(cache, 'links.json')
    fifo(links)
    guard([links])
    const store = fileLinkCache(cache)
    expect(await store.load()).toBeNull()
    await store.save('{}\n')
    expect(isRegularFile(links)).toBe(true)
    expect(await store.load()).toBe('{}\n')
  })
})

import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import nodePath from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { createLogCache } from '../../src/app/log-cache.js'
import { readLogAndMark } from '../../src/app/log-mark.js'
import { readReviewLog } from '../../src/app/read-log.js'
import { LOG_PATH } from '../../src/core/corpus.js'
import { tempCorpus, tempFolder } from '../support/temp-corpus.js'

// `readChunks` (ADR 0023): the log's bytes through one reused buffer, under `read`'s rules.

const removers: Array<() => void> = []
afterEach(() => {
  for (const remove of removers.splice(0)) remove()
})
function corpus(files: Record<string, string> = {}): string {
  const made = tempCorpus(files)
  removers.push(made.remove)
  return made.path
}

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const copies: Buffer[] = []
  // Copied at once: the next chunk may overwrite this one's buffer.
  for await (const chunk of chunks) copies.push(Buffer.from(chunk))
  return Buffer.concat(copies)
}

describe('node vault: readChunks', () => {
  it('gives the file’s exact bytes over several chunks, with its size, and null for a missing file', async () => {
    // Over 1 MB, with multi-byte characters, so that chunks cut lines and characters.
    const line = (k: number) => `{"item":"n#日本-${k}","date":"2026-01-01","grade":"good"}\n`
    const text = Array.from({ length: 40_000 }, (_, k) => line(k)).join('')
    const root = corpus({ [LOG_PATH]: text })
    const vault = nodeVault(root)
    const read = await vault.readChunks?.(LOG_PATH)
    if (!read) throw new Error('the node vault reads chunks')
    expect(read.size).toBe(Buffer.byteLength(text))
    expect((await bytesOf(read.chunks)).toString('utf8')).toBe(text)
    expect(await vault.readChunks?.('internalise/.srs/none.jsonl')).toBeNull()
    const log = await readReviewLog(vault, {})
    expect(log.size).toBe(40_000)
    expect(log.historyOf('n#日本-39999')).toEqual([
      { item: 'n#日本-39999', date: '2026-01-01', grade: 'good', line: 40_000 },
    ])
  })

  it('refuses a named pipe by name without blocking, and a link that leads out of the corpus', async () => {
    const root = corpus()
    const at = nodePath.join(root, LOG_PATH)
    fs.mkdirSync(nodePath.dirname(at), { recursive: true })
    execFileSync('mkfifo', [at])
    await expect(nodeVault(root).readChunks?.(LOG_PATH)).rejects.toThrow(/not a regular file \(a named pipe\)/)
    fs.rmSync(at)
    const outside = tempFolder()
    removers.push(outside.remove)
    fs.writeFileSync(nodePath.join(outside.path, 'log.jsonl'), '{"item":"a#x","date":"2026-01-01","grade":"good"}\n')
    fs.symlinkSync(nodePath.join(outside.path, 'log.jsonl'), at)
    await expect(nodeVault(root).readChunks?.(LOG_PATH)).rejects.toThrow(/outside the corpus/)
  })
})

/** How many of this process's descriptors are open on `path` (Linux: /proc/self/fd). */
function descriptorsOn(path: string): number {
  return fs.readdirSync('/proc/self/fd').filter(fd => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === path
    } catch {
      return false // the descriptor of the listing itself, closed meanwhile
    }
  }).length
}

// A descriptor left to garbage collection is closed with "Warning: Closing file descriptor N on
// garbage collection" (seen after `:u` in practice over a log the cache knew longer).
describe.skipIf(!fs.existsSync('/proc/self/fd'))('node vault: readChunks closes its file on every way out', () => {
  const review = '{"item":"a#x","date":"2026-01-01","grade":"good"}\n'

  it('when its chunks are given back before the first read, after one chunk, and at their end', async () => {
    const root = corpus({ [LOG_PATH]: review.repeat(30_000) }) // 1.5 MB: two chunks
    const vault = nodeVault(root)
    const at = nodePath.join(root, LOG_PATH)
    const open = async (): Promise<AsyncIterable<Uint8Array>> => {
      const read = await vault.readChunks?.(LOG_PATH)
      if (!read) throw new Error('the node vault reads chunks')
      return read.chunks
    }
    const never = await open()
    expect(descriptorsOn(at)).toBe(1)
    await never[Symbol.asyncIterator]().return?.()
    expect(descriptorsOn(at)).toBe(0)
    for await (const _chunk of await open()) break
    expect(descriptorsOn(at)).toBe(0)
    await bytesOf(await open())
    expect(descriptorsOn(at)).toBe(0)
  })

  it('when the log cache opens a log shorter than it recorded and reads it again whole', async () => {
    const root = corpus({ [LOG_PATH]: review })
    const vault = nodeVault(root)
    const cache = createLogCache()
    await readLogAndMark(vault, {}, cache)
    fs.writeFileSync(nodePath.join(root, LOG_PATH), '')
    expect((await readLogAndMark(vault, {}, cache)).log.all()).toEqual([])
    expect(descriptorsOn(nodePath.join(root, LOG_PATH))).toBe(0)
  })
})

import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import nodePath from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { nodeVault } from '../../src/adapters/node-vault.js'
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

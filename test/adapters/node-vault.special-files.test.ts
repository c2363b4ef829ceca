import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import nodePath from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { ownerOfTempName, tempName } from '../../src/adapters/vault-paths.js'
import { acquireLogLock } from '../../src/app/lock.js'
import { tempCorpus, tempFolder } from '../support/temp-corpus.js'

// Only regular files, only inside the corpus (issue 15): a named pipe, a socket or a dangling
// link at a corpus path is refused by name at once (a FIFO opened for reading would block
// forever), no write goes through a link or makes a folder outside, and an interrupted write
// leaves only dot-named temporaries that the next writer removes.

const removers: Array<() => void> = []
afterEach(() => {
  for (const remove of removers.splice(0)) remove()
})
function corpus(files: Record<string, string> = {}): string {
  const made = tempCorpus(files)
  removers.push(made.remove)
  return made.path
}
function outsideFolder(): string {
  const made = tempFolder()
  removers.push(made.remove)
  return made.path
}
const fifo = (path: string): void => {
  fs.mkdirSync(nodePath.dirname(path), { recursive: true })
  execFileSync('mkfifo', [path])
}

const PATHS = [
  'internalise/.srs/log.jsonl',
  'internalise/.srs/state.json',
  'internalise/.srs/config.json',
  'internalise/.srs/log.lock',
  'track/home.adoc',
]

describe('node vault: a named pipe at a corpus path', () => {
  it.each(PATHS)('%s: read, append and write refuse it by name without blocking, and leave it', async path => {
    const root = corpus()
    const at = nodePath.join(root, path)
    fifo(at)
    const vault = nodeVault(root)
    const pipeRefused = new RegExp(`^${path.replace(/\./g, '\\.')}: not a regular file \\(a named pipe\\)`)
    await expect(vault.read(path)).rejects.toThrow(pipeRefused)
    await expect(vault.append(path, 'x\n')).rejects.toThrow(pipeRefused)
    await expect(vault.write(path, 'x\n')).rejects.toThrow(pipeRefused)
    expect(await vault.writeIfUnchanged?.(path, 'x', '').catch(String)).toMatch(/named pipe/)
    expect(fs.lstatSync(at).isFIFO()).toBe(true)
    expect(fs.readdirSync(nodePath.dirname(at))).toEqual([nodePath.basename(at)])
  })

  it('a pipe as the lock is reported at once and left for the person, not waited on', async () => {
    const root = corpus()
    fifo(nodePath.join(root, 'internalise/.srs/log.lock'))
    const started = Date.now()
    await expect(acquireLogLock(nodeVault(root))).rejects.toThrow(
      /^internalise\/\.srs\/log\.lock: the review log's lock cannot be used \(not a regular file \(a named pipe\).*left as it is/,
    )
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(fs.lstatSync(nodePath.join(root, 'internalise/.srs/log.lock')).isFIFO()).toBe(true)
  })
})

describe('node vault: sockets and dangling links', () => {
  it('refuses a socket as the log, naming it', async () => {
    const root = corpus()
    fs.mkdirSync(nodePath.join(root, 'internalise/.srs'), { recursive: true })
    const server = net.createServer()
    await new Promise<void>(resolve => server.listen(nodePath.join(root, 'internalise/.srs/log.jsonl'), resolve))
    try {
      const vault = nodeVault(root)
      await expect(vault.read('internalise/.srs/log.jsonl')).rejects.toThrow(
        /log\.jsonl: not a regular file \(a socket\)/,
      )
      await expect(vault.append('internalise/.srs/log.jsonl', 'x\n')).rejects.toThrow(/a socket/)
    } finally {
      await new Promise(resolve => server.close(resolve))
    }
  })

  it('refuses a dangling link as the lock at once (no 30 s wait), and as the state', async () => {
    const root = corpus({ 'internalise/.srs/log.jsonl': '' })
    fs.symlinkSync(nodePath.join(root, 'nowhere'), nodePath.join(root, 'internalise/.srs/log.lock'))
    fs.symlinkSync(nodePath.join(root, 'nowhere'), nodePath.join(root, 'internalise/.srs/state.json'))
    const vault = nodeVault(root)
    const started = Date.now()
    await expect(acquireLogLock(vault)).rejects.toThrow(/log\.lock: .*a symbolic link that leads nowhere/)
    expect(Date.now() - started).toBeLessThan(5_000)
    await expect(vault.read('internalise/.srs/state.json')).rejects.toThrow(
      'internalise/.srs/state.json: not a regular file (a symbolic link that leads nowhere)',
    )
    await expect(vault.write('internalise/.srs/state.json', '{}')).rejects.toThrow(/a symbolic link/)
    expect(fs.existsSync(nodePath.join(root, 'nowhere'))).toBe(false)
  })
})

describe('node vault: no write through a link, no folder outside', () => {
  it('never writes through a link to a file, inside or outside the corpus, and leaves both files as they were', async () => {
    const outside = outsideFolder()
    const root = corpus({ 'track/real.adoc': 'real\n' })
    fs.writeFileSync(nodePath.join(outside, 'victim.adoc'), 'victim\n')
    fs.symlinkSync(nodePath.join(outside, 'victim.adoc'), nodePath.join(root, 'track/out.adoc'))
    fs.symlinkSync(nodePath.join(root, 'track/real.adoc'), nodePath.join(root, 'track/in.adoc'))
    const vault = nodeVault(root)
    for (const path of ['track/out.adoc', 'track/in.adoc']) {
      await expect(vault.write(path, 'changed\n')).rejects.toThrow(`${path}: not a regular file (a symbolic link)`)
      await expect(vault.append(path, 'changed\n')).rejects.toThrow(/a symbolic link/)
    }
    expect(fs.readFileSync(nodePath.join(outside, 'victim.adoc'), 'utf8')).toBe('victim\n')
    expect(fs.readFileSync(nodePath.join(root, 'track/real.adoc'), 'utf8')).toBe('real\n')
    expect(fs.lstatSync(nodePath.join(root, 'track/out.adoc')).isSymbolicLink()).toBe(true)
  })

  it('creates no folder outside the corpus through a linked folder, for any kind of write', async () => {
    const outside = outsideFolder()
    const root = corpus()
    fs.symlinkSync(outside, nodePath.join(root, 'reference'))
    const vault = nodeVault(root)
    await expect(vault.write('reference/d/x/y/r.adoc', 'x')).rejects.toThrow('outside the corpus')
    await expect(vault.append('reference/d/log.jsonl', 'x')).rejects.toThrow('outside the corpus')
    await expect(vault.createExclusive?.('reference/e/lock', 'x')).rejects.toThrow('outside the corpus')
    expect(fs.readdirSync(outside)).toEqual([])
  })
})

describe('node vault: temporaries', () => {
  it('names its temporaries with a dot, the process id and .tmp, and reads the id back', () => {
    const name = tempName('state.json', 4242)
    expect(name).toMatch(/^\.state\.json\.4242-[0-9a-z]{8}\.tmp$/)
    expect(ownerOfTempName(name)).toBe(4242)
    expect(ownerOfTempName('state.json.1234567')).toBeNull()
    expect(ownerOfTempName('.home.adoc.tmp')).toBeNull()
  })

  it("the next write removes a killed writer's temporaries and keeps a live writer's", async () => {
    const root = corpus({ 'internalise/.srs/state.json': '{}\n', 'track/home.adoc': '= Home\n' })
    const dead = tempName('state.json', 99_999) // above any pid_max Linux allows by default
    const live = tempName('state.json', process.ppid)
    const foreign = 'state.json.1234567' // not ours: never touched
    for (const name of [dead, live, foreign]) fs.writeFileSync(nodePath.join(root, 'internalise/.srs', name), 'x')
    fs.writeFileSync(nodePath.join(root, 'track', tempName('home.adoc', 99_998)), 'half a note')
    const vault = nodeVault(root)
    await vault.write('internalise/.srs/state.json', '{"a":1}\n')
    await vault.write('track/home.adoc', '= Home\n\nmore\n')
    expect(fs.readdirSync(nodePath.join(root, 'internalise/.srs')).sort()).toEqual([live, 'state.json', foreign].sort())
    expect(fs.readdirSync(nodePath.join(root, 'track'))).toEqual(['home.adoc'])
    expect(await vault.list()).toEqual(['track/home.adoc'])
  })

  it('keeps the mode of the file it replaces', async () => {
    const root = corpus({ 'track/home.adoc': 'a' })
    fs.chmodSync(nodePath.join(root, 'track/home.adoc'), 0o640)
    await nodeVault(root).write('track/home.adoc', 'b')
    expect(fs.statSync(nodePath.join(root, 'track/home.adoc')).mode & 0o777).toBe(0o640)
  })
})

describe('node vault: write if unchanged', () => {
  it('replaces the file only while it still reads as expected, and leaves no temporary either way', async () => {
    const root = corpus({ 'track/home.adoc': 'one\n' })
    const vault = nodeVault(root)
    expect(await vault.writeIfUnchanged?.('track/home.adoc', 'two\n', 'one\n')).toBe(true)
    expect(await vault.writeIfUnchanged?.('track/home.adoc', 'three\n', 'one\n')).toBe(false)
    expect(fs.readFileSync(nodePath.join(root, 'track/home.adoc'), 'utf8')).toBe('two\n')
    expect(fs.readdirSync(nodePath.join(root, 'track'))).toEqual(['home.adoc'])
  })
})

import fs from 'node:fs'
import nodePath from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  bridgeLine,
  bridgeVault,
  type DoAction,
  detectBridge,
  isErrorLike,
  lineAction,
} from '../../src/adapters/logseq-bridge-vault.js'
import { acquireLogLock, parseLock } from '../../src/app/lock.js'
import { VaultError } from '../../src/ports/vault.js'
import { fakeBridge } from '../support/fake-bridge.js'
import { tempCorpus, tempFolder } from '../support/temp-corpus.js'
import { vaultContract } from './vault-contract.js'

vaultContract('Logseq bridge vault', { exclusiveCreate: false, stat: true }, files => {
  const corpus = tempCorpus(files)
  const dot = tempFolder('logseq-dot-')
  const { doAction } = fakeBridge({ dotRoot: dot.path })
  return {
    vault: bridgeVault(corpus.path, doAction),
    cleanup: () => {
      corpus.remove()
      dot.remove()
    },
  }
})

describe('Logseq bridge vault, with the host quirks', () => {
  const removers: Array<() => void> = []
  afterEach(() => {
    for (const remove of removers.splice(0)) remove()
  })
  const setUp = (files: Record<string, string>, options: { failWrites?: boolean } = {}) => {
    const corpus = tempCorpus(files)
    const dot = tempFolder('logseq-dot-')
    removers.push(corpus.remove, dot.remove)
    const bridge = fakeBridge({ dotRoot: dot.path, ...options })
    return { corpus: corpus.path, dot: dot.path, bridge, vault: bridgeVault(corpus.path, bridge.doAction) }
  }

  it('takes an Error the host resolved with (from another realm) for a failure, naming the path', async () => {
    const { vault, bridge } = setUp({ 'internalise/a.adoc/inner': 'x' })
    expect(bridge.hostError(new Error('x')) instanceof Error).toBe(false)
    expect(isErrorLike(bridge.hostError(new Error('x')))).toBe(true)
    await expect(vault.read('internalise/a.adoc')).rejects.toThrow(/^internalise\/a\.adoc: cannot read: EISDIR/)
  })

  it('does not let a write the host failed silently pass for a good one, and keeps the old text', async () => {
    const { vault, corpus } = setUp({ 'internalise/.srs/state.json': 'old\n' }, { failWrites: true })
    await expect(vault.write('internalise/.srs/state.json', 'new\n')).rejects.toThrow(
      /internalise\/\.srs\/state\.json: cannot write/,
    )
    await expect(vault.append('internalise/.srs/log.jsonl', 'x\n')).rejects.toThrow(VaultError)
    expect(fs.readFileSync(nodePath.join(corpus, 'internalise/.srs/state.json'), 'utf8')).toBe('old\n')
  })

  it('treats a rejected call as a failure too', async () => {
    const vault = bridgeVault('/notes', async () => {
      throw new Error('bridge gone')
    })
    await expect(vault.write('track/t.adoc', 't')).rejects.toThrow(
      'track/t.adoc: cannot create its folder: bridge gone',
    )
    await expect(vault.list()).rejects.toThrow(VaultError)
  })

  it('reads a file the host answers nothing for as an error when it exists, as null when it does not', async () => {
    const { corpus, bridge } = setUp({ 'internalise/a.adoc': 'a' })
    const silentReads: DoAction = async args => (args[0] === 'readFile' ? undefined : bridge.doAction(args))
    const vault = bridgeVault(corpus, silentReads)
    await expect(vault.read('internalise/a.adoc')).rejects.toThrow(
      'internalise/a.adoc: cannot read: the host returned no text',
    )
    expect(await vault.read('internalise/none.adoc')).toBeNull()
  })

  it('deletes for real: nothing moves into the corpus (no logseq/.recycle) and nothing stays in the trash', async () => {
    const { vault, corpus, dot } = setUp({ 'internalise/.srs/log.lock': '{"owner":"x"}', 'internalise/a.adoc': 'a' })
    await vault.remove('internalise/.srs/log.lock')
    expect(fs.existsSync(nodePath.join(corpus, 'internalise/.srs/log.lock'))).toBe(false)
    expect(fs.existsSync(nodePath.join(corpus, 'logseq'))).toBe(false)
    expect(fs.readdirSync(nodePath.join(dot, 'storages/notekeeper'))).toEqual([])
  })

  it('gives the modification time of a host-realm Date as milliseconds', async () => {
    const { vault, corpus } = setUp({ 'track/t.adoc': 'tt' })
    const stat = await vault.stat?.('track/t.adoc')
    expect(stat).toEqual({ size: 2, mtimeMs: Math.floor(fs.statSync(nodePath.join(corpus, 'track/t.adoc')).mtimeMs) })
  })

  it('writes through a temp file and a rename, so a reader never sees half a file', async () => {
    const { vault, bridge } = setUp({})
    await vault.write('internalise/.srs/state.json', '{}\n')
    expect(bridge.calls).toEqual(['mkdir-recur', 'writeFile', 'rename'])
  })
})

describe('detectBridge', () => {
  it('finds top.apis.doAction and calls it with the argument array', async () => {
    const seen: unknown[] = []
    const apis = {
      doAction(this: unknown, args: unknown[]) {
        seen.push(this, args)
        return Promise.resolve('text')
      },
    }
    const doAction = detectBridge({ top: { apis } })
    expect(await doAction?.(['readFile', '/n/a.adoc'])).toBe('text')
    expect(seen).toEqual([apis, ['readFile', '/n/a.adoc']])
  })

  it('says null without the bridge, or when top is another origin', () => {
    expect(detectBridge({ top: {} })).toBeNull()
    expect(detectBridge(null)).toBeNull()
    const crossOrigin = {
      get top(): unknown {
        throw new DOMException('Blocked a frame', 'SecurityError')
      },
    }
    expect(detectBridge(crossOrigin)).toBeNull()
  })
})

describe('the log lock on a bridge that cannot delete it (notes on another drive than ~/.logseq)', () => {
  it('is released by being written as released, and the next writer takes it at once (SPEC 1.4)', async () => {
    const corpus = tempCorpus({ 'internalise/a.adoc': 'a' })
    const dot = tempFolder('logseq-dot-')
    try {
      const vault = bridgeVault(corpus.path, fakeBridge({ dotRoot: dot.path, crossDevice: true }).doAction)
      await expect(vault.remove('internalise/a.adoc')).rejects.toThrow(/EXDEV/)
      const first = await acquireLogLock(vault, { pauseMs: 1 })
      expect(await first.release()).toBe(true)
      const lockFile = nodePath.join(corpus.path, 'internalise/.srs/log.lock')
      expect(parseLock(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ owner: first.token, released: true })
      // the clock stands still: a lock that is not free could never be taken before the timeout
      let waited = 0
      const second = await acquireLogLock(vault, {
        now: () => 0,
        pauseMs: 1,
        timeoutMs: 1,
        sleep: async ms => {
          waited += ms
        },
      })
      expect(parseLock(fs.readFileSync(lockFile, 'utf8'))).toEqual({ owner: second.token, at: expect.any(String) })
      expect(waited).toBeLessThan(10)
      expect(await first.release()).toBe(false) // no longer ours: left alone
      expect(await second.release()).toBe(true)
    } finally {
      corpus.remove()
      dot.remove()
    }
  })
})

describe('the bridge of each Logseq line', () => {
  /** 2.x's main handler: transit strings unless the last argument is "js-obj"; then plain, and errors reject. */
  const masterBridge =
    (inner: DoAction): DoAction =>
    async args => {
      const jsObj = args[args.length - 1] === 'js-obj'
      const value = await inner(jsObj ? args.slice(0, -1) : args)
      if (jsObj) {
        if (isErrorLike(value)) throw new Error((value as Error).message)
        return value
      }
      return JSON.stringify(Array.isArray(value) ? value : ["~#'", value ?? null])
    }

  it('tells 0.10 from 2.x by one call, and on 2.x asks for plain results', async () => {
    const corpus = tempCorpus({ 'internalise/a.adoc': 'a', 'track/t.adoc': 't' })
    const dot = tempFolder('logseq-dot-')
    try {
      const old = fakeBridge({ dotRoot: dot.path }).doAction
      expect(await bridgeLine(old)).toBe('0.10')
      const master = masterBridge(old)
      expect(await bridgeLine(master)).toBe('2.x')
      // without "js-obj" a 2.x read is a transit string and the listing is not an array
      expect(await master(['readFile', nodePath.join(corpus.path, 'internalise/a.adoc')])).toBe('["~#\'","a"]')
      const vault = bridgeVault(corpus.path, lineAction(master, '2.x'))
      expect(await vault.list()).toEqual(['internalise/a.adoc', 'track/t.adoc'])
      expect(await vault.read('internalise/a.adoc')).toBe('a')
      expect(await vault.read('internalise/none.adoc')).toBeNull()
    } finally {
      corpus.remove()
      dot.remove()
    }
  })
})

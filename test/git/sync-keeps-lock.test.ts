import fs from 'node:fs'
import nodePath from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gitProcess } from '../../src/adapters/git-process.js'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { gradeItem } from '../../src/app/grade-review.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { syncCorpus } from '../../src/app/sync.js'
import { LOCK_PATH, LOG_PATH } from '../../src/core/corpus.js'
import type { Git } from '../../src/ports/git.js'
import type { Vault } from '../../src/ports/vault.js'
import { type Device, makeWorld, ok, practise, WORDS_NOTE, type World } from './git-kit.js'

// SPEC 1.4 and 4.3 item 4, with real git: sync holds the writers' lock while the work tree
// changes, and a commit hook of the person's may run longer than the window after which a lock
// counts as left by a writer that died. Sync keeps its lock fresh meanwhile, so a grade started
// during the hook waits for the sync instead of taking the lock over and writing while sync still
// commits. The window is 4 s here (both writers are told so) rather than 10 s, and the hook
// sleeps 9 s: without renewals the grade took the lock over after 4 s. (At 3 s, a renewal every 1 s,
// a fully loaded CI machine once let the grade in.)

const WINDOW = 4_000
const HOOK_SLEEPS_S = 9
const DAY = '2026-12-01'

let world: World
let device: Device
beforeAll(async () => {
  world = await makeWorld()
  device = world.device('solo')
  fs.mkdirSync(device.dir)
  device.git('init', '--quiet', '--initial-branch=main')
  device.write('internalise/words.adoc', WORDS_NOTE)
  await ok(device.nk('git', 'setup'))
  await ok(device.nk('sync', '--today', DAY))
}, 240_000)
afterAll(() => world?.remove())

/** Git as the CLI runs it, with the world's HOME and identity. */
function gitIn(dir: string): Git {
  const inner = gitProcess(dir)
  return {
    run: (args, options) => inner.run(args, { env: { ...world.env, ...options?.env } }),
    hasGitPath: name => inner.hasGitPath(name),
  }
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise(resolve => setTimeout(resolve, 50))
}

describe('sync over a commit hook longer than the lock’s stale window', () => {
  it('a grade started while the hook runs waits for the sync, and its review lands after the sync’s commit', async () => {
    await practise(device, DAY, [['alpha', 'good']]) // something for the sync to commit
    const started = nodePath.join(world.root, 'hook-started')
    const hook = nodePath.join(device.dir, '.git', 'hooks', 'post-commit')
    fs.writeFileSync(hook, `#!/bin/sh\ntouch '${started}'\nsleep ${HOOK_SLEEPS_S}\n`, { mode: 0o755 })
    try {
      let synced = false
      const sync = syncCorpus(gitIn(device.dir), nodeVault(device.dir), { today: DAY, lock: { staleMs: WINDOW } }).then(
        outcome => ((synced = true), outcome),
      )
      await until(() => fs.existsSync(started))
      expect(fs.existsSync(nodePath.join(device.dir, LOCK_PATH))).toBe(true) // sync's, over its commit

      // `notekeeper grade` meanwhile: the same lock protocol, the same window.
      const disk = nodeVault(device.dir)
      let syncedWhenAppended: boolean | null = null
      const grader: Vault = {
        ...disk,
        append: async (path, text) => {
          if (path === LOG_PATH) syncedWhenAppended = synced
          await disk.append(path, text)
        },
      }
      const corpus = await loadCorpus(grader)
      await gradeItem(grader, corpus, 'words#beta', 'easy', DAY, DAY, { lock: { staleMs: WINDOW } })
      const outcome = await sync

      expect(syncedWhenAppended).toBe(true) // waited: not taken over while the hook ran
      expect(outcome.commits).toHaveLength(1)
      const beta = JSON.stringify({ item: 'words#beta', date: DAY, grade: 'easy' })
      expect(device.read(LOG_PATH).trim().split('\n').at(-1)).toBe(beta)
      expect(device.git('show', `HEAD:${LOG_PATH}`)).not.toContain(beta) // the sync committed before it
      expect(device.git('status', '--porcelain')).toBe(` M ${LOG_PATH}\n M internalise/.srs/state.json\n`)
      expect(fs.existsSync(nodePath.join(device.dir, LOCK_PATH))).toBe(false)
    } finally {
      fs.rmSync(hook, { force: true })
    }
  }, 60_000)

  it('a dry run does not list a temporary left in .srs (a renewal’s, or a killed write’s) among the files it would commit', async () => {
    await ok(device.nk('sync', '--today', DAY)) // nothing left to commit
    const temporary = 'internalise/.srs/.log.lock.4194303-abcdefgh.tmp'
    device.write(temporary, '{"owner":"x","at":"2026-12-01T10:00:00.000Z"}')
    try {
      const outcome = await syncCorpus(gitIn(device.dir), nodeVault(device.dir), { today: DAY, dryRun: true })
      expect(outcome.plan).toContain('commit nothing (no local changes)')
      expect(outcome.plan.join('\n')).not.toContain(temporary)
      // And the sync itself commits nothing of it.
      const done = await syncCorpus(gitIn(device.dir), nodeVault(device.dir), { today: DAY })
      expect(done.commits).toEqual([])
      expect(device.git('ls-files', temporary)).toBe('')
    } finally {
      fs.rmSync(nodePath.join(device.dir, temporary), { force: true })
    }
  }, 60_000)
})

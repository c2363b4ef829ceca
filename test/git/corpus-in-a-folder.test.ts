import fs from 'node:fs'
import nodePath from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Device, git, makeWorld, ok, sortedLines, WORDS_NOTE, type World } from './git-kit.js'

// A corpus kept as one folder of a larger repository (with a space and an accent in its name),
// with real git: a conflict or a change outside that folder is the person's, and sync says so
// by name instead of failing its commit again at every run (QA, two devices in git).

const LOG = 'internalise/.srs/log.jsonl'
const FOLDER = 'my notés'

let world: World
beforeAll(async () => {
  world = await makeWorld()
}, 240_000)
afterAll(() => world?.remove())

/**
 * A remote of its own whose repository holds `TODO.md` at its root and the corpus in FOLDER,
 * and two clones of it with the drivers set up: each clone's root and its corpus as a device.
 */
async function twoClones(name: string): Promise<Record<'a' | 'b', { dir: string; corpus: Device }>> {
  const env = world.env
  const remote = nodePath.join(world.root, `${name}.git`)
  const seed = nodePath.join(world.root, `${name}-seed`)
  git(world.root, env, 'init', '--quiet', '--bare', '--initial-branch=main', remote)
  git(world.root, env, 'clone', '--quiet', remote, seed)
  fs.mkdirSync(nodePath.join(seed, FOLDER, 'internalise'), { recursive: true })
  fs.writeFileSync(nodePath.join(seed, FOLDER, 'internalise/words.adoc'), WORDS_NOTE)
  fs.writeFileSync(nodePath.join(seed, 'TODO.md'), 'one\n')
  git(seed, env, 'add', '-A')
  git(seed, env, 'commit', '-q', '-m', 'seed')
  git(seed, env, 'push', '-q', 'origin', 'HEAD:main')
  const clone = async (side: string) => {
    const dir = nodePath.join(world.root, `${name}-${side}`)
    git(world.root, env, 'clone', '--quiet', remote, dir)
    const corpus = world.device(nodePath.join(`${name}-${side}`, FOLDER))
    await ok(corpus.nk('git', 'setup'))
    return { dir, corpus }
  }
  return { a: await clone('a'), b: await clone('b') }
}

describe('a corpus in a folder of a larger repository', () => {
  it('a conflict outside the corpus folder is named; settled and added by the person, the next sync finishes', async () => {
    const env = world.env
    const { a, b } = await twoClones('conflict')
    await ok(a.corpus.nk('grade', 'words#alpha', 'good', '--today', '2026-12-01'))
    fs.writeFileSync(nodePath.join(a.dir, 'TODO.md'), 'one (A)\n')
    git(a.dir, env, 'commit', '-q', '-am', 'A: todo')
    await ok(a.corpus.nk('sync', '--today', '2026-12-01'))

    await ok(b.corpus.nk('grade', 'words#beta', 'hard', '--today', '2026-12-01'))
    // A change not committed outside the folder, which the merge would overwrite: said, not "run sync again".
    fs.writeFileSync(nodePath.join(b.dir, 'TODO.md'), 'one (B, not committed)\n')
    const blocked = await b.corpus.nk('sync', '--today', '2026-12-01')
    expect(blocked.code).toBe(2)
    expect(blocked.stderr).toContain('over changes not committed to TODO.md (outside the corpus folder)')
    expect(blocked.stderr).toContain('git stash')
    // Committed, it is a conflict outside the folder: named from the repository's root.
    git(b.dir, env, 'commit', '-q', '-am', 'B: todo')
    const stopped = await b.corpus.nk('sync', '--today', '2026-12-01')
    expect(stopped.code).toBe(1)
    expect(stopped.stderr).toContain(
      "both devices changed TODO.md (outside the corpus folder, from the repository's root)",
    )
    expect(stopped.stderr).toContain('`git add` the ones outside the corpus folder yourself')
    // Not settled yet: said again, not a failed commit.
    expect((await b.corpus.nk('sync', '--today', '2026-12-01')).stderr).toContain('both devices changed TODO.md')
    fs.writeFileSync(nodePath.join(b.dir, 'TODO.md'), 'one (A and B)\n')
    git(b.dir, env, 'add', 'TODO.md')
    await ok(b.corpus.nk('sync', '--today', '2026-12-01'))
    await ok(a.corpus.nk('sync', '--today', '2026-12-01'))
    expect(fs.readFileSync(nodePath.join(a.dir, 'TODO.md'), 'utf8')).toBe('one (A and B)\n')
    expect(sortedLines(a.corpus.read(LOG))).toEqual(
      sortedLines(
        '{"item":"words#alpha","date":"2026-12-01","grade":"good"}\n{"item":"words#beta","date":"2026-12-01","grade":"hard"}\n',
      ),
    )
  }, 240_000)

  it('a fast-forward blocked by a change outside the folder is named as well, at every run', async () => {
    const env = world.env
    const { a, b } = await twoClones('ff')
    await ok(a.corpus.nk('sync', '--today', '2026-12-01'))
    await ok(b.corpus.nk('sync', '--today', '2026-12-01'))
    fs.writeFileSync(nodePath.join(a.dir, 'TODO.md'), 'one (A)\n')
    git(a.dir, env, 'commit', '-q', '-am', 'A: todo')
    await ok(a.corpus.nk('grade', 'words#alpha', 'good', '--today', '2026-12-01'))
    await ok(a.corpus.nk('sync', '--today', '2026-12-01'))
    // B has nothing of its own to commit: a fast-forward, which the change not committed blocks.
    fs.writeFileSync(nodePath.join(b.dir, 'TODO.md'), 'one (B, not committed)\n')
    for (let run = 0; run < 2; run++) {
      const blocked = await b.corpus.nk('sync', '--today', '2026-12-01')
      expect(blocked.code).toBe(2)
      expect(blocked.stderr).toContain('over changes not committed to TODO.md (outside the corpus folder)')
      expect(blocked.stderr).not.toContain('run sync again')
    }
    // The dry run names the corpus's files from the corpus folder, unquoted, as sync adds them.
    fs.writeFileSync(nodePath.join(b.dir, FOLDER, 'internalise/.words draft.swp'), 'x\n')
    fs.writeFileSync(nodePath.join(b.dir, FOLDER, 'internalise/notes à lire.adoc'), '= N\n:intent: internalise\n')
    const dry = await b.corpus.nk('sync', '--dry-run', '--today', '2026-12-01')
    expect(dry.stdout).toContain('commit 1 changed file(s): internalise/notes à lire.adoc\n')
    expect(dry.stdout).toContain(
      'leave out 1 new file(s) with a dot name (never added by sync): internalise/.words draft.swp',
    )
  }, 240_000)

  it('merge.autoStash=true: a change not committed outside the folder is named as without it, not stashed away under a conflict', async () => {
    const env = world.env
    for (const own of [true, false]) {
      // With reviews of its own B merges; without, it fast-forwards: git stashes in both.
      const { a, b } = await twoClones(own ? 'autostash-merge' : 'autostash-ff')
      git(b.dir, env, 'config', 'merge.autoStash', 'true')
      await ok(a.corpus.nk('sync', '--today', '2026-12-01'))
      await ok(b.corpus.nk('sync', '--today', '2026-12-01'))
      await ok(a.corpus.nk('grade', 'words#alpha', 'good', '--today', '2026-12-01'))
      fs.writeFileSync(nodePath.join(a.dir, 'TODO.md'), 'one (A)\n')
      git(a.dir, env, 'commit', '-q', '-am', 'A: todo')
      await ok(a.corpus.nk('sync', '--today', '2026-12-01'))
      if (own) await ok(b.corpus.nk('grade', 'words#beta', 'hard', '--today', '2026-12-01'))
      fs.writeFileSync(nodePath.join(b.dir, 'TODO.md'), 'one (B, not committed)\n')
      const blocked = await b.corpus.nk('sync', '--today', '2026-12-01')
      expect(blocked.code, blocked.stdout).toBe(2)
      expect(blocked.stderr).toContain('over changes not committed to TODO.md (outside the corpus folder)')
      expect(fs.readFileSync(nodePath.join(b.dir, 'TODO.md'), 'utf8')).toBe('one (B, not committed)\n')
      expect(git(b.dir, env, 'stash', 'list')).toBe('')
    }
  }, 240_000)
})

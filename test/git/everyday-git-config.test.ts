import fs from 'node:fs'
import nodePath from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runBuilt } from '../spec/built-cli.js'
import {
  type Device,
  filesWithConflictMarkers,
  git,
  makeWorld,
  ok,
  practise,
  remoteMain,
  seedTwoDevices,
  sortedLines,
  TODO_NOTE,
  WORDS_NOTE,
  type World,
} from './git-kit.js'

// `notekeeper sync` against settings people have in their ~/.gitconfig, with real git (QA of
// SPEC 4 against everyday git configurations). Each device's setting is put in its clone's own
// config, which git reads as it reads the global one; every review of both devices must reach
// both, and nothing half merged may travel.

const LOG = 'internalise/.srs/log.jsonl'
const TODO = 'track/todo.adoc'

let world: World
let twoDevices: (name: string) => { a: Device; b: Device }
beforeAll(async () => {
  world = await makeWorld()
  twoDevices = await seedTwoDevices(world)
}, 240_000)
afterAll(() => world?.remove())

describe('sync with everyday git settings', () => {
  it('merge.conflictStyle=diff3: a note settled by removing only the lines sync names keeps the ||||||| line and the old text, and is not pushed', async () => {
    const { a, b } = twoDevices('diff3')
    for (const device of [a, b]) device.git('config', 'merge.conflictStyle', 'diff3')
    const made = await practise(a, '2026-12-01', [['alpha', 'good']])
    a.write(TODO, TODO_NOTE.replace('Write the report', 'Write the report by Friday'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    made.push(...(await practise(b, '2026-12-01', [['beta', 'hard']])))
    b.write(TODO, TODO_NOTE.replace('Write the report', 'Write the annual report'))
    const stopped = await b.nk('sync', '--today', '2026-12-01')
    expect(stopped.code).toBe(1)
    expect(b.read(TODO)).toMatch(/^\|{7} /m) // diff3: the common ancestor's text, under its own marker
    // What sync says to remove, removed; the ancestor's marker and its old line are still there.
    expect(stopped.stderr).toContain('|||||||')
    b.write(
      TODO,
      b
        .read(TODO)
        .split('\n')
        .filter(line => !/^(<{7}|={7}|>{7})( |$)/.test(line))
        .join('\n'),
    )
    const pushed = remoteMain(b)
    const again = await b.nk('sync', '--today', '2026-12-01')
    expect(again.code, again.stderr).not.toBe(0)
    expect(again.stderr).toContain('|||||||')
    expect(remoteMain(b)).toBe(pushed) // the half-merged note did not travel
    // Staged by hand as settled, it is refused before anything is committed.
    b.git('add', TODO)
    const refused = await b.nk('sync', '--today', '2026-12-01')
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(`${TODO}:`)
    expect(remoteMain(b)).toBe(pushed)

    b.write(TODO, TODO_NOTE.replace('Write the report', 'Write the annual report by Friday'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(filesWithConflictMarkers(a.dir)).toEqual([])
    expect(a.read(TODO)).toBe(b.read(TODO))
    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
  }, 240_000)

  it('init.defaultBranch=master on a device made with `git init` and `git pull origin main`: no second branch on the remote; with its upstream set, it syncs', async () => {
    const { a } = twoDevices('trunk')
    const remote = a.git('remote', 'get-url', 'origin').trim()
    const c = world.device('trunk-c')
    git(world.root, world.env, 'init', '--quiet', '--initial-branch=master', c.dir)
    c.git('remote', 'add', 'origin', remote)
    c.git('pull', '--quiet', 'origin', 'main') // master, with main's commits and no upstream
    await ok(c.nk('git', 'setup'))
    const made = await practise(c, '2026-12-01', [['alpha', 'good']])
    made.push(...(await practise(a, '2026-12-01', [['beta', 'hard']])))
    await ok(a.nk('sync', '--today', '2026-12-01'))

    const dry = await c.nk('sync', '--dry-run', '--today', '2026-12-01')
    expect(dry.code).toBe(2)
    expect(dry.stdout).toContain('origin has no branch master')
    const refused = await c.nk('sync', '--today', '2026-12-01')
    expect(refused.code, refused.stdout).toBe(2)
    expect(refused.stderr).toContain('origin has no branch master')
    expect(refused.stderr).toContain('git branch --set-upstream-to=origin/main')
    expect(a.git('ls-remote', '--heads', 'origin').trim().split('\n')).toHaveLength(1) // main alone
    expect(c.git('status', '--porcelain', '--', LOG)).not.toBe('') // the review is still there, not committed

    c.git('branch', '--set-upstream-to=origin/main')
    await ok(c.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(a.git('ls-remote', '--heads', 'origin').trim().split('\n')).toHaveLength(1)
    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
    expect(c.read(LOG)).toBe(a.read(LOG))
  }, 240_000)

  it('a clone of a remote whose HEAD names a branch it lacks (init.defaultBranch=master where it was made, the corpus on main): no second branch; switched to main, it syncs', async () => {
    const { a } = twoDevices('dangling')
    const remote = nodePath.join(world.root, 'dangling-master.git')
    git(world.root, world.env, 'init', '--quiet', '--bare', '--initial-branch=master', remote)
    a.git('remote', 'set-url', 'origin', remote)
    a.git('push', '--quiet', '--set-upstream', 'origin', 'main')
    git(world.root, world.env, 'clone', '--quiet', remote, 'dangling-c') // "remote HEAD refers to nonexistent ref"
    const c = world.device('dangling-c')
    c.write('internalise/first.adoc', '= First\n:intent: internalise\n') // a note of its own, before anything else
    await ok(c.nk('git', 'setup'))
    const refused = await c.nk('sync', '--today', '2026-12-01')
    expect(refused.code, refused.stdout).toBe(2)
    expect(refused.stderr).toContain('origin has no branch master, the upstream of master here')
    expect(refused.stderr).toContain('git switch main')
    expect(a.git('ls-remote', '--heads', 'origin').trim().split('\n')).toHaveLength(1)

    for (const file of ['.gitattributes', '.gitignore']) fs.rmSync(nodePath.join(c.dir, file)) // as the advice says
    c.git('switch', '--quiet', 'main')
    const made = await practise(c, '2026-12-01', [['alpha', 'good']])
    await ok(c.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(a.git('ls-remote', '--heads', 'origin').trim().split('\n')).toHaveLength(1)
    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
    expect(a.read('internalise/first.adoc')).toContain('= First')
  }, 240_000)

  it('several remotes, none named origin, and no upstream: sync does not pick one; with the upstream set, it syncs', async () => {
    const { a, b } = twoDevices('remotes')
    b.git('remote', 'rename', 'origin', 'server')
    const backup = nodePath.join(world.root, 'remotes-backup.git')
    git(world.root, world.env, 'init', '--quiet', '--bare', '--initial-branch=main', backup)
    b.git('remote', 'add', 'backup', backup) // first in git's order, and empty
    b.git('branch', '--unset-upstream')
    const made = await practise(b, '2026-12-01', [['alpha', 'good']])
    const refused = await b.nk('sync', '--today', '2026-12-01')
    expect(refused.code, refused.stdout).toBe(2)
    expect(refused.stderr).toContain('several remotes, none named origin (backup, server)')
    expect(git(world.root, world.env, 'ls-remote', backup)).toBe('') // nothing pushed to the one git lists first

    b.git('branch', '--set-upstream-to=server/main')
    await ok(b.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
  }, 240_000)

  it('signed commits with log.showSignature=true: a sync commit amended after its push still counts its reviews once', async () => {
    const { a, b } = twoDevices('signed')
    // A stand-in for gpg: signs anything, and says "Good signature" when git verifies.
    const gpg = nodePath.join(world.root, 'fake-gpg')
    fs.writeFileSync(
      gpg,
      `#!/bin/sh
for arg; do case "$arg" in
  -bsau) cat >/dev/null; printf '[GNUPG:] BEGIN_SIGNING\\n[GNUPG:] SIG_CREATED D 22 8 00 1700000000 FAKE\\n' >&2
    printf -- '-----BEGIN PGP SIGNATURE-----\\n\\nZmFrZQ==\\n-----END PGP SIGNATURE-----\\n'; exit 0;;
  --verify) cat >/dev/null; printf '[GNUPG:] NEWSIG\\n[GNUPG:] GOODSIG 0123456789ABCDEF Test Person\\n'
    printf 'gpg: Good signature from "Test Person"\\n' >&2; exit 0;;
esac; done
exit 1
`,
      { mode: 0o755 },
    )
    for (const device of [a, b]) {
      device.git('config', 'gpg.program', gpg)
      device.git('config', 'commit.gpgsign', 'true')
      device.git('config', 'log.showSignature', 'true')
    }
    const made = await practise(b, '2026-12-01', [
      ['alpha', 'good'],
      ['beta', 'hard'],
    ])
    await ok(b.nk('sync', '--today', '2026-12-01'))
    expect(b.git('log', '-1', '--format=%H')).toContain('Good signature') // what git prints before each signed commit
    await ok(a.nk('sync', '--today', '2026-12-01'))
    made.push(...(await practise(a, '2026-12-01', [['gamma', 'easy']])))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    b.write(TODO, TODO_NOTE.replace('Write the report', 'Write the report by Friday'))
    b.git('commit', '-q', '-a', '--amend', '--no-edit') // the pushed sync commit, rewritten
    await ok(b.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(sortedLines(b.read(LOG))).toEqual([...made].sort())
    expect(a.read(LOG)).toBe(b.read(LOG))
  }, 240_000)

  it('a global excludes file that ignores *.jsonl and *.json: sync commits the log and the state all the same, and both devices get every review', async () => {
    const { a, b } = twoDevices('excludes')
    const ignore = nodePath.join(world.root, 'excludes-ignore')
    fs.writeFileSync(ignore, '*.jsonl\n*.json\n')
    for (const device of [a, b]) device.git('config', 'core.excludesFile', ignore)
    const made = await practise(a, '2026-12-01', [['alpha', 'good']]) // the first review: the log is new
    const dry = await ok(a.nk('sync', '--dry-run', '--today', '2026-12-01'))
    expect(dry.stdout).toContain(LOG)
    await ok(a.nk('sync', '--today', '2026-12-01'))
    made.push(...(await practise(b, '2026-12-01', [['beta', 'hard']])))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(a.git('ls-files', '--', LOG).trim()).toBe(LOG)
    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
    expect(b.read(LOG)).toBe(a.read(LOG))
    expect(b.read('internalise/.srs/state.json')).toBe(a.read('internalise/.srs/state.json'))
  }, 240_000)

  it('core.autocrlf=true with core.safecrlf=true: sync still commits the log and the state Notekeeper writes with LF line ends', async () => {
    const { a, b } = twoDevices('safecrlf')
    const made = await practise(a, '2026-11-30', [['delta', 'good']])
    await ok(a.nk('sync', '--today', '2026-11-30'))
    await ok(b.nk('sync', '--today', '2026-11-30'))
    b.git('config', 'core.autocrlf', 'true')
    b.git('config', 'core.safecrlf', 'true')
    for (const path of [LOG, 'internalise/.srs/state.json', TODO]) {
      fs.rmSync(nodePath.join(b.dir, path))
      b.git('checkout', '--', path) // checked out again, with CRLF (Git for Windows' default)
    }
    made.push(...(await practise(a, '2026-12-01', [['alpha', 'good']])))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    made.push(...(await practise(b, '2026-12-02', [['beta', 'hard']])))
    made.push(...(await practise(a, '2026-12-02', [['gamma', 'easy']])))
    await ok(a.nk('sync', '--today', '2026-12-02'))
    await ok(b.nk('sync', '--today', '2026-12-02'))
    await ok(a.nk('sync', '--today', '2026-12-02'))
    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
    expect(sortedLines(b.read(LOG).replace(/\r/g, ''))).toEqual([...made].sort())
    expect(b.git('status', '--porcelain')).toBe('')
  }, 240_000)

  it('diff.external set (difftastic, say): the sync commit still counts its reviews', async () => {
    const { b } = twoDevices('extdiff')
    const difft = nodePath.join(world.root, 'fake-difft')
    fs.writeFileSync(difft, '#!/bin/sh\necho "a side-by-side view of $1"\n', { mode: 0o755 })
    b.git('config', 'diff.external', difft)
    await practise(b, '2026-12-01', [
      ['alpha', 'good'],
      ['beta', 'hard'],
    ])
    const done = await ok(b.nk('sync', '--today', '2026-12-01'))
    expect(done.stdout).toContain('committed: Notekeeper sync: 2 reviews, state.json')
  }, 240_000)

  it('a repository git will not use (owned by another user: safe.directory): sync and git setup give git\'s reason, not "run git init"', async () => {
    const { b } = twoDevices('owner')
    // Git's own switch for this check: the clone reads as owned by someone else (an external drive, say).
    const env = { ...world.env, GIT_TEST_ASSUME_DIFFERENT_OWNER: '1' }
    for (const args of [
      ['sync', '--today', '2026-12-01'],
      ['git', 'setup'],
    ]) {
      const result = await runBuilt(world.cli.bin, [...args, '--corpus', b.dir], env)
      expect(result.code, result.stdout).toBe(2)
      expect(result.stderr).toContain('dubious ownership')
      expect(result.stderr).toContain('safe.directory')
      expect(result.stderr).not.toContain('git init')
    }
  }, 240_000)

  it('commit.gpgsign=true with no key git can use: sync says that git cannot commit, not "run sync again"; once it can, every review travels', async () => {
    const { a, b } = twoDevices('nokey')
    b.git('config', 'commit.gpgsign', 'true')
    b.git('config', 'gpg.program', 'false') // gpg fails: no key
    const made = await practise(b, '2026-12-01', [['alpha', 'good']])
    const first = await b.nk('sync', '--today', '2026-12-01')
    expect(first.code).toBe(2)
    expect(first.stderr).toContain('git could not commit: error: gpg failed to sign the data')
    expect(first.stderr).not.toContain('run sync again')
    expect(first.stderr).toContain('Nothing is lost')
    // With a commit of its own made by hand and the other device ahead: the merge is begun, not committed.
    b.git('-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'by hand')
    made.push(...(await practise(a, '2026-12-01', [['beta', 'hard']])))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    const merging = await b.nk('sync', '--today', '2026-12-01')
    expect(merging.code).toBe(2)
    expect(merging.stderr).toContain('the merge it began is in the work tree')
    expect(sortedLines(b.read(LOG))).toEqual([...made].sort()) // merged already, nothing lost

    b.git('config', '--unset', 'commit.gpgsign')
    await ok(b.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
    expect(a.read(LOG)).toBe(b.read(LOG))
    expect(b.git('status', '--porcelain')).toBe('')
  }, 240_000)

  it("a person's pre-commit hook (a secret scanner in core.hooksPath) runs on sync's commits: it refuses a note with a secret, nothing is lost, and once the note is clean every review travels", async () => {
    const { a, b } = twoDevices('hooks')
    const hooks = nodePath.join(world.root, 'global-hooks')
    fs.mkdirSync(hooks, { recursive: true })
    const ran = nodePath.join(world.root, 'hook-ran')
    fs.writeFileSync(
      nodePath.join(hooks, 'pre-commit'),
      `#!/bin/sh
echo ran >> '${ran}'
if git diff --cached -U0 | grep -q 'AKIA[0-9A-Z]\\{16\\}'; then
  echo "secret-scan: an AWS key in the staged changes" >&2
  exit 1
fi
`,
      { mode: 0o755 },
    )
    for (const device of [a, b]) device.git('config', 'core.hooksPath', hooks)
    const made = await practise(b, '2026-12-01', [['alpha', 'good']])
    b.write(TODO, TODO_NOTE.replace('Write the report', 'Write the report, key AKIAABCDEFGHIJKLMNOP'))
    const head = b.git('rev-parse', 'HEAD')
    const refused = await b.nk('sync', '--today', '2026-12-01')
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('secret-scan: an AWS key in the staged changes')
    expect(refused.stderr).toContain('what a pre-commit or commit-msg hook of yours refused mended')
    expect(refused.stderr).toContain('Nothing is lost')
    expect(b.git('rev-parse', 'HEAD')).toBe(head) // nothing committed
    expect(sortedLines(b.read(LOG))).toEqual([...made].sort())

    b.write(TODO, TODO_NOTE.replace('Write the report', 'Write the report, key in the vault'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    made.push(...(await practise(a, '2026-12-01', [['beta', 'hard']])))
    await ok(a.nk('sync', '--today', '2026-12-01')) // a merge commit: the hook runs on it too
    await ok(b.nk('sync', '--today', '2026-12-01'))
    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
    expect(b.read(LOG)).toBe(a.read(LOG))
    expect(fs.readFileSync(ran, 'utf8').trim().split('\n').length).toBeGreaterThanOrEqual(3)
    expect(a.git('log', '--format=%B', 'origin/main')).not.toContain('AKIA')
  }, 240_000)

  it('a remote made with a README (no history shared with the corpus): sync names the one merge by hand that joins them, not "run sync again"; after it, every review travels', async () => {
    const remote = nodePath.join(world.root, 'readme-remote.git')
    git(world.root, world.env, 'init', '--quiet', '--bare', '--initial-branch=main', remote)
    const seed = world.device('readme-seed')
    git(world.root, world.env, 'clone', '--quiet', remote, seed.dir)
    seed.write('README.md', '# My notes\n')
    seed.git('add', 'README.md')
    seed.git('commit', '-q', '-m', 'Initial commit')
    seed.git('push', '--quiet', 'origin', 'main')
    const c = world.device('readme-c')
    git(world.root, world.env, 'init', '--quiet', '--initial-branch=master', c.dir)
    c.write('internalise/words.adoc', WORDS_NOTE)
    await ok(c.nk('git', 'setup'))
    await ok(c.nk('sync', '--today', '2026-12-01')) // no remote yet: committed here
    c.git('remote', 'add', 'origin', remote)
    const made = await practise(c, '2026-12-01', [['alpha', 'good']])
    const first = await c.nk('sync', '--today', '2026-12-01')
    expect(first.stderr).toContain('git branch --set-upstream-to=origin/main')
    c.git('branch', '--set-upstream-to=origin/main')
    const unrelated = await c.nk('sync', '--today', '2026-12-01')
    expect(unrelated.code).toBe(2)
    expect(unrelated.stderr).toContain('git merge --allow-unrelated-histories origin/main')
    expect(unrelated.stderr).not.toContain('run sync again')
    c.git('merge', '--quiet', '--allow-unrelated-histories', '-m', 'Join the remote', 'origin/main')
    await ok(c.nk('sync', '--today', '2026-12-01'))
    seed.git('pull', '--quiet', 'origin', 'main')
    expect(sortedLines(seed.read(LOG))).toEqual([...made].sort())
    expect(seed.read('README.md')).toBe('# My notes\n')
  }, 240_000)

  it('a note about git that shows conflict markers in a listing block is sent like any other; a marker left outside one is still refused', async () => {
    const { a, b } = twoDevices('markers-shown')
    const NOTE = 'reference/git-conflicts.adoc'
    const shown = [
      '= Git conflicts',
      ':intent: reference',
      ':source: git merge(1)',
      ':updated: 2026-11-01',
      '',
      'What a conflict looks like:',
      '',
      '----',
      '<<<<<<< HEAD',
      'ours',
      '||||||| base',
      'base',
      '=======',
      'theirs',
      '>>>>>>> topic',
      '----',
      '',
    ].join('\n')
    a.write(NOTE, shown)
    await ok(a.nk('sync', '--today', '2026-12-01'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    expect(b.read(NOTE)).toBe(shown)
    b.write(NOTE, `${shown}\n>>>>>>> topic\n`) // one left outside the listing
    const refused = await b.nk('sync', '--today', '2026-12-01')
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(`${NOTE}:18: git's conflict markers`)
  }, 240_000)
})

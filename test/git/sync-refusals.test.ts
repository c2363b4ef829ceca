import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Device,
  filesWithConflictMarkers,
  makeWorld,
  ok,
  practise,
  remoteMain,
  reviewLine,
  seedTwoDevices,
  sortedLines,
  TODO_NOTE,
  type World,
} from './git-kit.js'

// What `notekeeper sync` refuses to send or take in (SPEC 4.3), with real git: a bare remote and
// two clones, the built CLI as git's merge drivers. Each refusal is exit 2, and nothing of what
// it guards is committed, merged or pushed.

const LOG = 'internalise/.srs/log.jsonl'

let world: World
let twoDevices: (name: string) => { a: Device; b: Device }
beforeAll(async () => {
  world = await makeWorld()
  twoDevices = await seedTwoDevices(world)
}, 240_000)
afterAll(() => world?.remove())

function head(device: Device): string {
  return device.git('rev-parse', 'HEAD').trim()
}

async function refused(device: Device, today: string): Promise<string> {
  const result = await device.nk('sync', '--today', today)
  expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(2)
  return result.stderr
}

describe('sync sends a review log only when it grew', () => {
  it('a line changed in place (whitespace only) is neither committed nor pushed; put back, the sync goes through', async () => {
    const { a, b } = twoDevices('rewrite')
    const made = await practise(a, '2026-12-01', [
      ['alpha', 'good'],
      ['beta', 'hard'],
    ])
    await ok(a.nk('sync', '--today', '2026-12-01'))
    const [first, ...rest] = a.read(LOG).split('\n')
    a.write(LOG, [(first as string).replace('"date":', '"date": '), ...rest].join('\n')) // an editor's reformatting
    made.push(...(await practise(a, '2026-12-02', [['gamma', 'good']])))
    const [before, pushed] = [head(a), remoteMain(a)]

    // The dry run ends as the sync would: refused (exit 2), and nothing of fetch, merge or push after it.
    const dry = await a.nk('sync', '--dry-run', '--today', '2026-12-02')
    expect(dry.code).toBe(2)
    expect(dry.stdout).toContain('sync would refuse now')
    expect(dry.stdout).toContain('so nothing would be committed, merged or pushed')
    expect(dry.stdout).not.toContain('push to origin')
    // With --json as well: the same exit status, the refusal in the JSON.
    const dryJson = await a.nk('sync', '--dry-run', '--json', '--today', '2026-12-02')
    expect(dryJson.code, dryJson.stdout).toBe(2)
    expect(JSON.parse(dryJson.stdout)).toMatchObject({ status: 'dry-run', wouldRefuse: true })
    const stderr = await refused(a, '2026-12-02')
    expect(stderr).toContain(`${LOG} was changed, not only added to`)
    expect(stderr).toContain('line 1 ')
    expect(stderr).toContain(`git checkout -- ${LOG}`)
    expect(head(a)).toBe(before)
    expect(remoteMain(a)).toBe(pushed)
    expect(a.git('status', '--porcelain', '--', LOG)).toContain(LOG) // left as the person made it

    a.write(LOG, [first, ...rest].join('\n') + `${made[2]}\n`) // the line put back, the new review kept
    await ok(a.nk('sync', '--today', '2026-12-02'))
    await ok(b.nk('sync', '--today', '2026-12-02'))
    expect(sortedLines(b.read(LOG))).toEqual([...made].sort()) // each review once on the other device
  }, 240_000)

  it('a truncated log is not pushed, and the other device keeps every review', async () => {
    const { a, b } = twoDevices('truncated')
    const made = await practise(a, '2026-12-01', [
      ['alpha', 'good'],
      ['beta', 'hard'],
      ['gamma', 'easy'],
      ['delta', 'again'],
    ])
    await ok(a.nk('sync', '--today', '2026-12-01'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    a.write(LOG, `${made.slice(0, 2).join('\n')}\n`)
    const pushed = remoteMain(a)

    const stderr = await refused(a, '2026-12-01')
    expect(stderr).toContain('line 3 ')
    expect(stderr).toContain(made[2])
    expect(remoteMain(a)).toBe(pushed)
    await ok(b.nk('sync', '--today', '2026-12-01'))
    expect(sortedLines(b.read(LOG))).toEqual([...made].sort())
  }, 240_000)

  it('an empty log, and a log without its last newline, grow by appends; a last line completed in place is refused', async () => {
    const { a } = twoDevices('edges')
    a.write(LOG, '')
    await ok(a.nk('sync', '--today', '2026-12-01')) // the first log committed: nothing before it to keep
    const [one, two, three] = [
      reviewLine('words#alpha', '2026-12-01', 'good'),
      reviewLine('words#beta', '2026-12-01', 'hard'),
      reviewLine('words#gamma', '2026-12-01', 'easy'),
    ]
    a.write(LOG, `${one}\n${two}`) // grew from empty; its last line has no newline
    await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(a.git('show', `HEAD:${LOG}`)).toBe(`${one}\n${two}`)

    a.write(LOG, `${one}\n${two}${three}\n`) // a writer that does not put the newline first joins two lines
    expect(await refused(a, '2026-12-01')).toContain('line 2 ')

    a.write(LOG, `${one}\n${two}`)
    await practise(a, '2026-12-02', [['delta', 'good']]) // Notekeeper's append puts the newline first
    expect(a.read(LOG)).toBe(`${one}\n${two}\n${reviewLine('words#delta', '2026-12-02', 'good')}\n`)
    await ok(a.nk('sync', '--today', '2026-12-02'))
  }, 240_000)

  it('a log rewritten and committed by hand on this device is not pushed', async () => {
    const { a } = twoDevices('by-hand')
    await practise(a, '2026-12-01', [
      ['alpha', 'good'],
      ['beta', 'hard'],
    ])
    await ok(a.nk('sync', '--today', '2026-12-01'))
    a.write(LOG, a.read(LOG).replace('"grade":"good"', '"grade": "good"'))
    a.git('commit', '--quiet', '-am', 'tidy the log')
    const pushed = remoteMain(a)

    const stderr = await refused(a, '2026-12-01')
    expect(stderr).toContain(`this clone's last commit (${head(a).slice(0, 10)})`)
    expect(stderr).toContain('line 1 ')
    expect(remoteMain(a)).toBe(pushed)
  }, 240_000)

  it('a shortened log another device pushed is not taken in, by fast-forward or by merge; once put back there, it is', async () => {
    const { a, b } = twoDevices('theirs')
    const made = await practise(a, '2026-12-01', [
      ['alpha', 'good'],
      ['beta', 'hard'],
      ['gamma', 'easy'],
    ])
    await ok(a.nk('sync', '--today', '2026-12-01'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    const shared = head(a)
    // B shortens its log and pushes it with git itself (or an older Notekeeper did).
    b.write(LOG, `${made[0]}\n`)
    b.git('commit', '--quiet', '-am', 'shortened')
    b.git('push', '--quiet')
    const bad = head(b)

    const fastForward = await refused(a, '2026-12-01') // A has nothing new: git would fast-forward
    expect(fastForward).toContain(`origin/main (commit ${bad.slice(0, 10)})`)
    expect(fastForward).toContain(`line 2 (\`${made[1]}\`)`)
    expect(fastForward).toContain(`commit ${shared.slice(0, 10)}`)
    expect(head(a)).toBe(shared)
    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())

    made.push(...(await practise(a, '2026-12-02', [['delta', 'good']])))
    expect(await refused(a, '2026-12-02')).toContain(`origin/main (commit ${bad.slice(0, 10)})`) // a merge, too
    expect(head(a)).toBe(shared) // nothing committed either

    b.git('revert', '--no-edit', 'HEAD') // as the refusal says: put the lines back there and push
    b.git('push', '--quiet')
    await ok(a.nk('sync', '--today', '2026-12-02'))
    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
  }, 240_000)
})

describe('sync sends no file half merged', () => {
  it('a note still holding conflict markers, staged or committed by hand, is not pushed; settled, it is', async () => {
    const { a, b } = twoDevices('markers')
    const TODO = 'track/todo.adoc'
    a.write(TODO, TODO_NOTE.replace('Write the report', 'Write the report by Friday'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    b.write(TODO, TODO_NOTE.replace('Write the report', 'Write the annual report'))
    expect((await b.nk('sync', '--today', '2026-12-01')).code).toBe(1) // left in conflict for the person
    const marker =
      b
        .read(TODO)
        .split('\n')
        .findIndex(line => line.startsWith('<<<<<<<')) + 1
    const pushed = remoteMain(b)

    b.git('add', TODO) // git no longer calls it unmerged
    expect(await refused(b, '2026-12-01')).toContain(`${TODO}:${marker}: git's conflict markers`)
    b.git('commit', '--quiet', '--no-edit') // the merge committed by hand, markers and all
    const byHand = head(b)
    expect(await refused(b, '2026-12-01')).toContain(`${TODO}:${marker}:`)
    expect(head(b)).toBe(byHand)
    expect(remoteMain(b)).toBe(pushed)

    b.write(TODO, TODO_NOTE.replace('Write the report', 'Write the annual report by Friday'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(a.read(TODO)).toBe(b.read(TODO))
    expect(filesWithConflictMarkers(a.dir)).toEqual([])
  }, 240_000)
})

/** Installs a git hook (a shell script) in a repository's hooks folder. */
function hook(gitDir: string, name: string, script: string): void {
  const file = path.join(gitDir, 'hooks', name)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `#!/bin/sh\n${script}\n`, { mode: 0o755 })
}

describe('a push the remote turns down', () => {
  it('for good (a pre-receive hook): reported with git’s reason and the remote’s, tried once, the commit kept', async () => {
    const { a } = twoDevices('declined')
    const tries = path.join(world.root, 'declined-tries')
    hook(
      path.join(world.root, 'declined.git'),
      'pre-receive',
      `echo try >> '${tries}'\necho 'pushes are closed' >&2\nexit 1`,
    )
    await practise(a, '2026-12-01', [['alpha', 'good']])
    const pushed = remoteMain(a)

    const result = await a.nk('sync', '--today', '2026-12-01')
    expect(result.code).toBe(2)
    const stderr = result.stderr
    // The commit made before the push is said, though the sync failed after it.
    expect(result.stdout).toContain('committed: Notekeeper sync: 1 review')
    expect(stderr).toContain('origin refused the push: [remote rejected] (pre-receive hook declined)')
    expect(stderr).toContain('remote: pushes are closed')
    expect(stderr).not.toContain('moved meanwhile')
    expect(fs.readFileSync(tries, 'utf8')).toBe('try\n')
    expect(remoteMain(a)).toBe(pushed)
    expect(head(a)).not.toBe(pushed) // what was committed stays committed
  }, 240_000)

  it('because it moved since the fetch (a race): fetched, merged and pushed again', async () => {
    const { a, b } = twoDevices('race')
    const made = await practise(b, '2026-12-01', [['beta', 'hard']])
    b.git('add', '--all')
    b.git('commit', '--quiet', '-m', 'reviews on B')
    // B pushes right after A's sync commits (post-commit runs even with --no-verify), once.
    const once = path.join(world.root, 'race-once')
    hook(
      path.join(a.dir, '.git'),
      'post-commit',
      `[ -e '${once}' ] && exit 0\ntouch '${once}'\nunset GIT_DIR GIT_INDEX_FILE GIT_WORK_TREE GIT_PREFIX\n` +
        `cd '${b.dir}' && git push --quiet origin HEAD:refs/heads/main`,
    )
    made.push(...(await practise(a, '2026-12-01', [['alpha', 'good']])))

    const synced = await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(synced.stderr).toContain('the remote moved meanwhile')
    expect(remoteMain(a)).toBe(head(a))
    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
  }, 240_000)
})

describe('sync commits onto a branch only', () => {
  it('mid-rebase: refused with the advice to finish or abort the rebase, nothing committed', async () => {
    const { a } = twoDevices('rebasing')
    await practise(a, '2026-12-01', [['alpha', 'good']])
    a.git('add', '--all')
    a.git('commit', '--quiet', '-m', 'reviews')
    expect(() => a.git('rebase', '--quiet', '--exec', 'false', 'HEAD~1')).toThrow() // stops after its pick
    await practise(a, '2026-12-01', [['beta', 'hard']])
    const stopped = head(a)

    const stderr = await refused(a, '2026-12-01')
    expect(stderr).toContain('a rebase is in progress')
    expect(stderr).toContain('git rebase --continue')
    expect(stderr).toContain('git rebase --abort')
    expect(stderr).not.toContain('check out a branch')
    expect(head(a)).toBe(stopped)
  }, 240_000)

  it('mid-cherry-pick, mid-revert and mid-bisect: refused with their own way out, nothing committed', async () => {
    const { a } = twoDevices('sequencing')
    // Two commits that change the same line: reverting the first, or picking the second onto
    // the commit before both, stops on a conflict, as git leaves them for a person to settle.
    const edit = (text: string, message: string): void => {
      a.write('track/todo.adoc', TODO_NOTE.replace('* Write the report', text))
      a.git('commit', '--quiet', '--all', '-m', message)
    }
    edit('* Write the report today', 'first')
    edit('* Write the report tomorrow', 'second')
    const tip = head(a)
    expect(() => a.git('revert', '--no-edit', 'HEAD~1')).toThrow()
    let stderr = await refused(a, '2026-12-01')
    expect(stderr).toContain('`git revert` is in progress')
    expect(stderr).toContain('git revert --abort')
    expect(head(a)).toBe(tip)
    a.git('revert', '--abort')
    a.git('checkout', '--quiet', '-b', 'side', 'HEAD~2')
    expect(() => a.git('cherry-pick', 'main')).toThrow()
    stderr = await refused(a, '2026-12-01')
    expect(stderr).toContain('`git cherry-pick` is in progress')
    expect(stderr).toContain('git cherry-pick --continue')
    a.git('cherry-pick', '--abort')
    a.git('checkout', '--quiet', 'main')
    a.git('bisect', 'start', 'HEAD', 'HEAD~2')
    stderr = await refused(a, '2026-12-01')
    expect(stderr).toContain('git bisect reset')
    expect(stderr).not.toContain('Check out the branch')
    a.git('bisect', 'reset')
    expect(head(a)).toBe(tip)
  }, 240_000)

  it('a detached HEAD in a clone without a remote: refused, no commit on no branch', async () => {
    const { a } = twoDevices('detached')
    a.git('remote', 'remove', 'origin')
    a.git('checkout', '--quiet', '--detach')
    await practise(a, '2026-12-01', [['alpha', 'good']])
    const detached = head(a)

    expect(await refused(a, '2026-12-01')).toContain('HEAD is detached (not on a branch)')
    expect(head(a)).toBe(detached)
  }, 240_000)
})

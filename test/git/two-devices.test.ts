import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cli } from '../support/cli.js'
import {
  type Device,
  filesWithConflictMarkers,
  git,
  makeWorld,
  ok,
  practise,
  reviewLine,
  seedTwoDevices,
  sortedLines,
  TODO_NOTE,
  WORDS_NOTE,
  type World,
} from './git-kit.js'

// Two devices practising one corpus kept in git (issue 12, SPEC 4): real git, a bare remote, two
// clones, the built CLI as git's merge drivers.

const LOG = 'internalise/.srs/log.jsonl'
const STATE = 'internalise/.srs/state.json'

let world: World
let twoDevices: (name: string) => { a: Device; b: Device }
beforeAll(async () => {
  world = await makeWorld()
  twoDevices = await seedTwoDevices(world)
}, 240_000)
afterAll(() => world?.remove())

async function expectSameAndReplayed(a: Device, b: Device, today: string): Promise<void> {
  expect(a.readIfAny(LOG)).toBe(b.readIfAny(LOG))
  expect(a.read(STATE)).toBe(b.read(STATE))
  for (const device of [a, b]) {
    expect(filesWithConflictMarkers(device.dir)).toEqual([])
    const replayed = await ok(device.nk('replay', '--json', '--today', today))
    expect(JSON.parse(replayed.stdout).written, 'state.json equals a replay').toBe(false)
    expect(device.git('status', '--porcelain')).toBe('')
  }
}

describe('two devices, one history', () => {
  it('three rounds of practice on different and shared items, synced in either order: every review on both, byte for byte', async () => {
    const { a, b } = twoDevices('rounds')
    const made: string[] = []
    // Round 1, A syncs first. Both grade gamma "good" on the same day: two reviews, not one.
    made.push(
      ...(await practise(a, '2026-12-01', [
        ['alpha', 'good'],
        ['gamma', 'good'],
      ])),
    )
    made.push(
      ...(await practise(b, '2026-12-01', [
        ['delta', 'hard'],
        ['gamma', 'good'],
      ])),
    )
    await ok(a.nk('sync', '--today', '2026-12-01'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    // Round 2, B syncs first.
    made.push(
      ...(await practise(a, '2026-12-02', [
        ['alpha', 'again'],
        ['beta', 'easy'],
        ['gamma', 'hard'],
      ])),
    )
    made.push(
      ...(await practise(b, '2026-12-02', [
        ['delta', 'good'],
        ['gamma', 'hard'],
        ['epsilon', 'good'],
      ])),
    )
    await ok(b.nk('sync', '--today', '2026-12-02'))
    await ok(a.nk('sync', '--today', '2026-12-02'))
    // Round 3, A first again, and then once more to take B's last reviews.
    made.push(
      ...(await practise(a, '2026-12-03', [
        ['gamma', 'again'],
        ['alpha', 'good'],
      ])),
    )
    made.push(
      ...(await practise(b, '2026-12-03', [
        ['gamma', 'again'],
        ['delta', 'easy'],
      ])),
    )
    await ok(a.nk('sync', '--today', '2026-12-03'))
    await ok(b.nk('sync', '--today', '2026-12-03'))
    await ok(a.nk('sync', '--today', '2026-12-03'))

    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
    expect(made.filter(line => line === reviewLine('words#gamma', '2026-12-01', 'good'))).toHaveLength(2)
    await expectSameAndReplayed(a, b, '2026-12-03')
    const state = JSON.parse(a.read(STATE))
    expect(state['words#gamma'].reps).toBe(6) // three days, both devices
    expect(state['words#delta'].reps).toBe(3)
  }, 240_000)

  it('both devices made only the very same review since they last met: git sees one file, sync keeps both reviews', async () => {
    const { a, b } = twoDevices('twins')
    const made = [
      ...(await practise(a, '2026-12-01', [['alpha', 'good']])),
      ...(await practise(b, '2026-12-01', [['alpha', 'good']])),
    ]
    expect(a.read(LOG)).toBe(b.read(LOG)) // byte for byte: git will not run a driver
    await ok(a.nk('sync', '--today', '2026-12-01'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
    expect(JSON.parse(a.read(STATE))['words#alpha'].reps).toBe(2)
    await expectSameAndReplayed(a, b, '2026-12-01')
  }, 240_000)

  it('the same with an undo on one side: the void keeps its meaning in the merged log, on both devices', async () => {
    const { a, b } = twoDevices('undo')
    const made: string[] = []
    made.push(
      ...(await practise(a, '2026-12-01', [
        ['gamma', 'good'],
        ['alpha', 'hard'],
      ])),
    )
    made.push(
      ...(await practise(b, '2026-12-01', [
        ['gamma', 'good'],
        ['beta', 'easy'],
      ])),
    )
    // A takes back its gamma review: a void line naming it, appended.
    await ok(cli(['undo', 'words#gamma', '--today', '2026-12-01', '--corpus', a.dir]))
    const voidLine = JSON.stringify({ item: 'words#gamma', date: '2026-12-01', void: 'good' })
    made.push(voidLine)
    await ok(b.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    made.push(...(await practise(b, '2026-12-02', [['gamma', 'again']])))
    await ok(b.nk('sync', '--today', '2026-12-02'))
    await ok(a.nk('sync', '--today', '2026-12-02'))

    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
    await expectSameAndReplayed(a, b, '2026-12-02')
    for (const device of [a, b]) {
      const state = JSON.parse(device.read(STATE))
      expect(state['words#gamma'].reps).toBe(2) // B's good and B's again; A's good is void
      expect(state['words#alpha'].reps).toBe(1)
      expect(state['words#beta'].reps).toBe(1)
    }
  }, 240_000)

  it('an item registered on both devices keeps the earlier registration, whichever device had it', async () => {
    const { a, b } = twoDevices('registration')
    const early = '= Early\n:intent: internalise\n\n[qanda]\n[[one]]One?:: 1.\n'
    const late = '= Late\n:intent: internalise\n\n[qanda]\n[[two]]Two?:: 2.\n'
    // The same two notes arrive on both devices (copied by hand, say); each registers them on its own day.
    a.write('internalise/early.adoc', early)
    await ok(a.nk('replay', '--today', '2026-12-01')) // A: early#one registered 2026-12-01
    b.write('internalise/early.adoc', early)
    b.write('internalise/late.adoc', late)
    await ok(b.nk('replay', '--today', '2026-12-04')) // B: early#one and late#two on 2026-12-04
    a.write('internalise/late.adoc', late)
    await ok(a.nk('replay', '--today', '2026-12-06')) // A: late#two on 2026-12-06
    expect(JSON.parse(a.read(STATE))['late#two'].next_due).toBe('2026-12-07')
    expect(JSON.parse(b.read(STATE))['early#one'].next_due).toBe('2026-12-05')

    await ok(a.nk('sync', '--today', '2026-12-06'))
    await ok(b.nk('sync', '--today', '2026-12-06'))
    await ok(a.nk('sync', '--today', '2026-12-06'))

    for (const device of [a, b]) {
      const state = JSON.parse(device.read(STATE))
      expect(state['early#one']).toEqual({ level: 1, next_due: '2026-12-02', reps: 0 }) // A's, the earlier
      expect(state['late#two']).toEqual({ level: 1, next_due: '2026-12-05', reps: 0 }) // B's, the earlier
    }
    await expectSameAndReplayed(a, b, '2026-12-06')
  }, 240_000)

  it('a note edited on both sides: the conflict is reported with the file and left for the person, the log intact', async () => {
    const { a, b } = twoDevices('conflict')
    const made: string[] = []
    made.push(...(await practise(a, '2026-12-01', [['alpha', 'good']])))
    a.write('track/todo.adoc', TODO_NOTE.replace('Write the report', 'Write the report by Friday'))
    made.push(
      ...(await practise(b, '2026-12-01', [
        ['alpha', 'good'],
        ['beta', 'again'],
      ])),
    )
    b.write('track/todo.adoc', TODO_NOTE.replace('Write the report', 'Write the annual report'))
    await ok(a.nk('sync', '--today', '2026-12-01'))

    const stopped = await b.nk('sync', '--today', '2026-12-01')
    expect(stopped.code).toBe(1)
    expect(stopped.stderr).toContain('conflict')
    expect(stopped.stderr).toContain('track/todo.adoc')
    expect(filesWithConflictMarkers(b.dir)).toEqual(['track/todo.adoc'])
    // The log is already whole: both devices' reviews, no marker, nothing lost.
    expect(sortedLines(b.read(LOG))).toEqual([...made].sort())
    // Practice goes on meanwhile.
    made.push(...(await practise(b, '2026-12-01', [['gamma', 'easy']])))

    b.write('track/todo.adoc', TODO_NOTE.replace('Write the report', 'Write the annual report by Friday'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))

    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
    expect(a.read('track/todo.adoc')).toBe(b.read('track/todo.adoc'))
    await expectSameAndReplayed(a, b, '2026-12-01')
  }, 240_000)

  it('a log put back to one side by hand in the middle of a merge: sync puts the other device’s reviews back before it commits', async () => {
    const { a, b } = twoDevices('settled-by-hand')
    const made: string[] = []
    made.push(...(await practise(a, '2026-12-01', [['alpha', 'good']])))
    a.write('track/todo.adoc', TODO_NOTE.replace('Write the report', 'Write the report by Friday'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    made.push(...(await practise(b, '2026-12-01', [['beta', 'again']])))
    b.write('track/todo.adoc', TODO_NOTE.replace('Write the report', 'Write the annual report'))
    expect((await b.nk('sync', '--today', '2026-12-01')).code).toBe(1) // the note left in conflict
    // "Keep mine": the whole folder put back to this side's last commit, the note settled that way.
    b.git('checkout', 'HEAD', '--', 'internalise', 'track')
    made.push(...(await practise(b, '2026-12-01', [['gamma', 'easy']]))) // practice went on meanwhile
    const dry = await ok(b.nk('sync', '--dry-run', '--today', '2026-12-01'))
    expect(dry.stdout).toContain('put back 1 line(s) of the merge')
    const done = await ok(b.nk('sync', '--today', '2026-12-01'))
    expect(done.stderr).toContain('left out 1 line(s) of the merge')
    await ok(a.nk('sync', '--today', '2026-12-01'))
    // Every review of both devices on both, once; the remote holds them all.
    expect(sortedLines(b.read(LOG))).toEqual([...made].sort())
    expect(sortedLines(b.git('show', `origin/main:./${LOG}`))).toEqual([...made].sort())
    await expectSameAndReplayed(a, b, '2026-12-01')
  }, 240_000)

  it('a plain `git pull` after `git setup` merges the log without loss and leaves state.json equal to a replay', async () => {
    const { a, b } = twoDevices('pull')
    const made = [
      ...(await practise(a, '2026-12-01', [
        ['alpha', 'good'],
        ['beta', 'hard'],
      ])),
      ...(await practise(b, '2026-12-01', [
        ['alpha', 'good'],
        ['beta', 'easy'],
      ])),
    ]
    a.git('add', '--all')
    a.git('commit', '--quiet', '-m', 'reviews on A')
    a.git('push', '--quiet')
    b.git('add', '--all')
    b.git('commit', '--quiet', '-m', 'reviews on B')
    b.git('pull', '--quiet', '--no-rebase', '--no-edit')
    expect(sortedLines(b.read(LOG))).toEqual([...made].sort())
    expect(filesWithConflictMarkers(b.dir)).toEqual([])
    const replayed = await ok(b.nk('replay', '--json', '--today', '2026-12-01'))
    expect(JSON.parse(replayed.stdout).written, 'the state driver replayed over the merged log').toBe(false)
    expect(JSON.parse(b.read(STATE))['words#alpha'].reps).toBe(2)
  }, 240_000)

  it('a plain `git pull --rebase` after `git setup`: the same, the state driver replaying over the picked commit', async () => {
    const { a, b } = twoDevices('rebase')
    const made = [
      ...(await practise(a, '2026-12-01', [['gamma', 'good']])),
      ...(await practise(b, '2026-12-01', [
        ['gamma', 'again'],
        ['delta', 'easy'],
      ])),
    ]
    for (const [device, name] of [
      [a, 'A'],
      [b, 'B'],
    ] as const) {
      device.git('add', '--all')
      device.git('commit', '--quiet', '-m', `reviews on ${name}`)
    }
    a.git('push', '--quiet')
    b.git('pull', '--quiet', '--rebase')
    expect(sortedLines(b.read(LOG))).toEqual([...made].sort())
    expect(filesWithConflictMarkers(b.dir)).toEqual([])
    const replayed = await ok(b.nk('replay', '--json', '--today', '2026-12-01'))
    expect(JSON.parse(replayed.stdout).written, 'the state driver replayed over the merged log').toBe(false)
    expect(JSON.parse(b.read(STATE))['words#gamma'].reps).toBe(2)
  }, 240_000)

  it('sync --dry-run says what it would do and does nothing', async () => {
    const { a } = twoDevices('dry')
    await practise(a, '2026-12-01', [['alpha', 'good']])
    const head = a.git('rev-parse', 'HEAD')
    const status = a.git('status', '--porcelain')
    const dry = await ok(a.nk('sync', '--dry-run', '--today', '2026-12-01'))
    expect(dry.stdout).toContain('dry run')
    expect(dry.stdout).toContain(LOG)
    expect(dry.stdout).toContain('push to origin main')
    expect(dry.stdout).toContain('1 new log line(s)')
    expect(dry.stdout).toContain('check that the review log only grew since the last commit')
    expect(a.git('rev-parse', 'HEAD')).toBe(head)
    expect(a.git('status', '--porcelain')).toBe(status)
    expect(a.git('ls-remote', 'origin', 'main').split('\t')[0]).toBe(head.trim())
    // A new item committed by plain git: nothing changed but what the replay will write.
    await ok(a.nk('sync', '--today', '2026-12-01'))
    a.write('internalise/words.adoc', `${WORDS_NOTE}[[zeta]]Zeta?:: The sixth.\n`)
    a.git('commit', '-q', '-am', 'a new item, by hand')
    const replayed = await ok(a.nk('sync', '--dry-run', '--today', '2026-12-01'))
    expect(replayed.stdout).toContain(`commit 1 changed file(s): ${STATE} (replayed)`)
    expect((await ok(a.nk('sync', '--today', '2026-12-01'))).stdout).toContain('committed: Notekeeper sync: state.json')
    // The log's final newline taken away by an editor: no review is counted for it.
    await practise(a, '2026-12-01', [['alpha', 'good']])
    await ok(a.nk('sync', '--today', '2026-12-01'))
    a.write(LOG, a.read(LOG).replace(/\n$/, ''))
    const trimmed = await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(trimmed.stdout).not.toMatch(/committed: .*review/)
  }, 240_000)

  it('a note deleted on one device and changed on the other: said so, and settled by deleting it or by keeping it', async () => {
    for (const settle of ['delete', 'keep'] as const) {
      const { a, b } = twoDevices(`deleted-${settle}`)
      a.git('rm', '-q', 'track/todo.adoc')
      await ok(a.nk('sync', '--today', '2026-12-01'))
      b.write('track/todo.adoc', `${TODO_NOTE}* Water the plants\n`)
      const stopped = await b.nk('sync', '--today', '2026-12-01')
      expect(stopped.code).toBe(1)
      expect(stopped.stderr).toContain('track/todo.adoc was deleted on one device and changed on the other')
      expect(stopped.stderr).not.toContain('both devices changed')
      if (settle === 'delete') fs.rmSync(path.join(b.dir, 'track/todo.adoc'))
      await ok(b.nk('sync', '--today', '2026-12-01'))
      await ok(a.nk('sync', '--today', '2026-12-01'))
      const expected = settle === 'delete' ? null : `${TODO_NOTE}* Water the plants\n`
      expect(a.readIfAny('track/todo.adoc')).toBe(expected)
      expect(b.readIfAny('track/todo.adoc')).toBe(expected)
      expect(b.git('status', '--porcelain')).toBe('')
    }
  }, 240_000)

  it('a sync commit rewritten after its push (git commit --amend): its reviews count once, the same review on two devices twice', async () => {
    const { a, b } = twoDevices('amended')
    const made = await practise(b, '2026-12-01', [
      ['alpha', 'good'],
      ['beta', 'hard'],
    ])
    await ok(b.nk('sync', '--today', '2026-12-01'))
    b.write('internalise/words.adoc', WORDS_NOTE.replace('The first.', 'The very first.'))
    b.git('commit', '-q', '-a', '--amend', '--no-edit') // a typo fixed into the last commit
    made.push(...(await practise(b, '2026-12-01', [['gamma', 'easy']])))
    const done = await ok(b.nk('sync', '--today', '2026-12-01'))
    expect(done.stderr).toContain('2 review line(s) came from one sync commit in two versions')
    expect(sortedLines(b.read(LOG))).toEqual([...made].sort())
    // The same review made on both devices, each in its own sync commit, is still two reviews.
    const twice = await practise(a, '2026-12-01', [['delta', 'good']])
    await practise(b, '2026-12-01', [['delta', 'good']])
    await ok(a.nk('sync', '--today', '2026-12-01'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(sortedLines(a.read(LOG))).toEqual([...made, ...twice, ...twice].sort())
    await expectSameAndReplayed(a, b, '2026-12-01')
  }, 240_000)

  it('a rewritten sync commit and a note in conflict: the sync that finishes the merge keeps its reviews once', async () => {
    const { a, b } = twoDevices('amended-conflict')
    const made = await practise(b, '2026-12-01', [
      ['alpha', 'good'],
      ['beta', 'hard'],
    ])
    await ok(b.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    a.write('track/todo.adoc', TODO_NOTE.replace('Write the report', 'Write the report by Friday'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    b.write('track/todo.adoc', TODO_NOTE.replace('Write the report', 'Write the annual report'))
    b.git('commit', '-q', '-a', '--amend', '--no-edit')
    expect((await b.nk('sync', '--today', '2026-12-01')).code).toBe(1)
    expect(sortedLines(b.read(LOG))).toEqual([...made].sort())
    b.write('track/todo.adoc', TODO_NOTE.replace('Write the report', 'Write the annual report by Friday'))
    const dry = await ok(b.nk('sync', '--dry-run', '--today', '2026-12-01'))
    expect(dry.stdout).not.toContain('put back')
    const done = await ok(b.nk('sync', '--today', '2026-12-01'))
    expect(done.stderr).not.toContain('put back')
    await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
    await expectSameAndReplayed(a, b, '2026-12-01')
  }, 240_000)

  it('new files with a dot name (a swap file, .env) are never added by sync; other new files and tracked ones are', async () => {
    const { a, b } = twoDevices('dot-files')
    a.write('reference/.env', 'API_KEY=123\n')
    a.write('internalise/.words.adoc.swp', 'swap\n')
    a.write('.cache/x', 'x\n')
    a.write('reference/diagram.svg', '<svg/>\n')
    a.write(':inbox.txt', 'a name git would read as pathspec magic\n')
    const dry = await ok(a.nk('sync', '--dry-run', '--today', '2026-12-01'))
    expect(dry.stdout).toContain('leave out 3 new file(s) with a dot name')
    expect(dry.stdout).toContain('commit 2 changed file(s)')
    const done = await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(done.stderr).toContain('not committed (new files with a dot name, which sync never adds): ')
    expect(done.stderr).toContain('reference/.env')
    await ok(b.nk('sync', '--today', '2026-12-01'))
    expect(b.readIfAny('reference/diagram.svg')).toBe('<svg/>\n')
    expect(b.readIfAny(':inbox.txt')).not.toBeNull()
    for (const path of ['reference/.env', 'internalise/.words.adoc.swp', '.cache/x'])
      expect(b.readIfAny(path)).toBeNull()
    // A dot file git already tracks (added by hand) is committed as git tracks it.
    a.git('add', '-f', 'reference/.env')
    a.git('commit', '-q', '-m', 'by hand')
    a.write('reference/.env', 'API_KEY=456\n')
    await ok(a.nk('sync', '--today', '2026-12-01'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    expect(b.readIfAny('reference/.env')).toBe('API_KEY=456\n')
    // A dot file of this clone's own, untracked, where the other device tracks one: said so, kept.
    a.write('reference/.config.json', '{"a":1}\n')
    a.git('add', '-f', 'reference/.config.json')
    a.git('commit', '-q', '-m', 'by hand')
    await ok(a.nk('sync', '--today', '2026-12-01'))
    b.write('reference/.config.json', '{"b":2}\n')
    await practise(b, '2026-12-01', [['alpha', 'good']])
    const blocked = await b.nk('sync', '--today', '2026-12-01')
    expect(blocked.code).toBe(2)
    expect(blocked.stderr).toContain(
      'over files here that git does not track and that it would write (reference/.config.json)',
    )
    expect(blocked.stderr).not.toContain('outside the corpus folder')
    expect(b.read('reference/.config.json')).toBe('{"b":2}\n')
  }, 240_000)

  it('a driver that fails (not installed on this machine): sync merges the log from git’s stages, nothing lost', async () => {
    const { a, b } = twoDevices('broken')
    b.git('config', 'merge.notekeeper-log.driver', 'false %O %A %B')
    b.git('config', 'merge.notekeeper-state.driver', 'false %O %A %B')
    const made = [
      ...(await practise(a, '2026-12-01', [['alpha', 'good']])),
      ...(await practise(b, '2026-12-01', [
        ['alpha', 'good'],
        ['beta', 'hard'],
      ])),
    ]
    await ok(a.nk('sync', '--today', '2026-12-01'))
    await ok(b.nk('sync', '--today', '2026-12-01'))
    await ok(a.nk('sync', '--today', '2026-12-01'))
    expect(sortedLines(b.read(LOG))).toEqual([...made].sort())
    await expectSameAndReplayed(a, b, '2026-12-01')
  }, 240_000)

  it('git setup is idempotent and refused outside a work tree; sync is refused in a clone without the drivers', async () => {
    const { a } = twoDevices('setup')
    const attributes = a.read('.gitattributes')
    const again = await ok(a.nk('git', 'setup'))
    expect(again.stdout).toContain('nothing changed')
    expect(a.read('.gitattributes')).toBe(attributes)
    expect(a.read('.gitignore')).toBe('/internalise/.srs/log.lock\n')

    git(world.root, world.env, 'clone', '--quiet', 'setup.git', 'setup-bare-clone')
    const unset = await world.device('setup-bare-clone').nk('sync', '--today', '2026-12-01')
    expect(unset.code).toBe(2)
    expect(unset.stderr).toContain('notekeeper git setup')

    const plain = world.device('not-a-repo')
    plain.write('internalise/words.adoc', WORDS_NOTE)
    const refused = await plain.nk('git', 'setup')
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('not in a git work tree')
    expect(plain.readIfAny('.gitattributes')).toBeNull()
  }, 240_000)
})

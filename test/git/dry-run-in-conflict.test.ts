import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Device,
  filesOf,
  makeWorld,
  ok,
  practise,
  seedTwoDevices,
  sortedLines,
  TODO_NOTE,
  WORDS_NOTE,
  type World,
} from './git-kit.js'

// `notekeeper sync --dry-run` in the middle of a merge an earlier sync left with notes in conflict
// (SPEC 4.3): it ends as the sync would (exit 1, the same notes named), says what the sync would
// settle, and changes nothing. Real git, a bare remote, two clones, the built CLI.

const LOG = 'internalise/.srs/log.jsonl'
const STATE = 'internalise/.srs/state.json'
const TODO = 'track/todo.adoc'
const WORDS = 'internalise/words.adoc'
const DAY = '2026-12-01'

let world: World
let twoDevices: (name: string) => { a: Device; b: Device }
beforeAll(async () => {
  world = await makeWorld()
  twoDevices = await seedTwoDevices(world)
}, 240_000)
afterAll(() => world?.remove())

/** What a dry run must leave as it found it: the index, the work tree, HEAD and the merge under way. */
function snapshot(device: Device): Record<string, unknown> {
  const dir = device.dir
  return {
    status: device.git('status', '--porcelain'),
    index: device.git('ls-files', '-s'),
    diff: device.git('diff'),
    staged: device.git('diff', '--cached'),
    head: device.git('rev-parse', 'HEAD'),
    mergeHead: fs.existsSync(path.join(dir, '.git', 'MERGE_HEAD'))
      ? fs.readFileSync(path.join(dir, '.git', 'MERGE_HEAD'), 'utf8')
      : null,
    files: Object.fromEntries(filesOf(dir).map(file => [file, device.read(file)])),
  }
}

/** Both runs of a dry run, in words and in JSON, checked to have changed nothing. */
async function dryRuns(device: Device): Promise<{ code: number | null; said: string; json: Record<string, unknown> }> {
  const before = snapshot(device)
  const said = await device.nk('sync', '--dry-run', '--today', DAY)
  const json = await device.nk('sync', '--dry-run', '--json', '--today', DAY)
  expect(snapshot(device), 'a dry run changes nothing').toEqual(before)
  expect(json.code, 'the same exit status with --json').toBe(said.code)
  return { code: said.code, said: said.stdout, json: JSON.parse(json.stdout) }
}

/** The lines sync says of the notes it leaves in conflict. */
function conflictLines(stderr: string): string[] {
  return stderr.split('\n').filter(line => line.startsWith('conflict: '))
}

describe('sync --dry-run with notes left in conflict by an earlier sync', () => {
  it('a note still under conflict markers: the dry run stops where the sync stops, exit 1, the same note named in the same words', async () => {
    const { a, b } = twoDevices('left')
    await practise(a, DAY, [['alpha', 'good']])
    a.write(TODO, TODO_NOTE.replace('Write the report', 'Write the report by Friday'))
    await ok(a.nk('sync', '--today', DAY))
    await practise(b, DAY, [['beta', 'hard']])
    b.write(TODO, TODO_NOTE.replace('Write the report', 'Write the annual report'))
    const first = await b.nk('sync', '--today', DAY)
    expect(first.code).toBe(1)

    const dry = await dryRuns(b)
    expect(dry.code, dry.said).toBe(1)
    expect(dry.said).not.toContain('would refuse')
    expect(dry.said).toContain('stop before committing anything, the merge left in progress for the person')
    expect(dry.said).toContain('so nothing would be committed, merged or pushed')
    expect(dry.json).toMatchObject({ status: 'dry-run', wouldRefuse: false, conflicts: [TODO] })

    // The sync itself, in words and in JSON: the same end, the same note, the same sentences.
    const again = await b.nk('sync', '--today', DAY)
    expect(again.code).toBe(dry.code)
    const told = conflictLines(again.stderr)
    expect(told).toHaveLength(1)
    for (const line of told) expect(dry.said).toContain(line)
    const json = await b.nk('sync', '--json', '--today', DAY)
    expect(json.code).toBe(dry.code)
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'conflict', conflicts: dry.json.conflicts })
  }, 240_000)

  it('a note cleaned by hand and one still under markers: both say the first settled and stop at the second; that one deleted, both go on', async () => {
    const { a, b } = twoDevices('settled')
    a.write(TODO, TODO_NOTE.replace('Write the report', 'Write the report by Friday'))
    a.write(WORDS, WORDS_NOTE.replace('The first.', 'The very first.'))
    await ok(a.nk('sync', '--today', DAY))
    b.write(TODO, TODO_NOTE.replace('Write the report', 'Write the annual report'))
    b.write(WORDS, WORDS_NOTE.replace('The first.', 'The first letter.'))
    const first = await b.nk('sync', '--json', '--today', DAY)
    expect(first.code).toBe(1)
    expect(JSON.parse(first.stdout)).toMatchObject({ conflicts: [WORDS, TODO], deletedOnOneSide: [] })
    const cleaned = WORDS_NOTE.replace('The first.', 'The very first letter.')
    b.write(WORDS, cleaned) // settled by hand: no marker left, not staged

    const settled = `1 note(s) settled (no conflict markers left; git add): ${WORDS}`
    const dry = await dryRuns(b)
    expect(dry.code, dry.said).toBe(1)
    expect(dry.said).toContain(`mark ${settled}`)
    expect(dry.said).toContain(`conflict: both devices changed ${TODO}.`)
    expect(dry.json).toMatchObject({ status: 'dry-run', conflicts: [TODO], deletedOnOneSide: [] })
    expect(b.git('ls-files', '-u', '--', WORDS)).not.toBe('') // still unmerged: the dry run staged nothing

    const stopped = await b.nk('sync', '--today', DAY)
    expect(stopped.code).toBe(dry.code)
    expect(stopped.stderr).toContain(`marked ${settled}`)
    const told = conflictLines(stopped.stderr)
    expect(told).toHaveLength(1)
    for (const line of told) expect(dry.said).toContain(line)

    // Settled by deleting it: the last conflict settled; the dry run goes on to the push, as the sync does.
    fs.rmSync(path.join(b.dir, TODO))
    const deleted = `1 note(s) settled as deleted (deleted here; git rm --cached): ${TODO}`
    const goes = await dryRuns(b)
    expect(goes.code, goes.said).toBe(0)
    expect(goes.said).toContain(`mark ${deleted}`)
    expect(goes.said).toContain('push to origin main')
    expect(goes.json).toMatchObject({ status: 'dry-run', wouldRefuse: false, conflicts: [] })
    const done = await b.nk('sync', '--today', DAY)
    expect(done.code, done.stderr).toBe(goes.code)
    expect(done.stderr).toContain(`marked ${deleted}`)
    await ok(a.nk('sync', '--today', DAY))
    expect(a.readIfAny(TODO)).toBeNull()
    expect(a.read(WORDS)).toBe(cleaned)
    expect(b.git('status', '--porcelain')).toBe('')
  }, 240_000)

  it('a log and state.json that git left unmerged (their drivers failed): both merge them from the stages, and the dry run puts back nothing', async () => {
    const { a, b } = twoDevices('stages')
    const made = await practise(a, DAY, [['alpha', 'good']])
    await ok(a.nk('sync', '--today', DAY))
    await ok(b.nk('sync', '--today', DAY)) // both hold the log now
    made.push(...(await practise(a, DAY, [['beta', 'hard']])))
    await ok(a.nk('sync', '--today', DAY))
    made.push(...(await practise(b, DAY, [['gamma', 'easy']])))
    b.git('commit', '-q', '-am', 'reviews on B, by hand')
    b.git('fetch', '-q')
    // A plain `git merge` on a machine where the drivers fail: git leaves both files unmerged, as ours.
    expect(() =>
      b.git(
        '-c',
        'merge.notekeeper-log.driver=false',
        '-c',
        'merge.notekeeper-state.driver=false',
        'merge',
        '-q',
        '--no-ff',
        '--no-commit',
        'origin/main',
      ),
    ).toThrow()
    expect(b.git('diff', '--name-only', '--diff-filter=U')).toBe(`${LOG}\n${STATE}\n`)

    const dry = await dryRuns(b)
    expect(dry.code, dry.said).toBe(0)
    for (const file of [LOG, STATE]) expect(dry.said).toContain(`merge ${file}, which git left unmerged`)
    // The log as the sync merges it from the stages lacks no line: nothing to put back.
    expect(dry.said).not.toContain('put back')
    expect(dry.said).toContain('check that the review log only grew since the last commit')
    expect(dry.said).toContain('push to origin main')

    const done = await b.nk('sync', '--today', DAY)
    expect(done.code, done.stderr).toBe(dry.code)
    for (const file of [LOG, STATE]) expect(done.stderr).toContain(`merged ${file}, which git left unmerged`)
    expect(done.stderr).not.toContain('left out')
    expect(sortedLines(b.read(LOG))).toEqual([...made].sort())
    await ok(a.nk('sync', '--today', DAY))
    expect(a.read(LOG)).toBe(b.read(LOG))
  }, 240_000)
})

import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import nodePath from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runBuilt } from '../spec/built-cli.js'
import { type Device, makeWorld, ok, practise, seedTwoDevices, sortedLines, type World } from './git-kit.js'

// `notekeeper sync` with a git older than 2.27 (Ubuntu 20.04's 2.25, Debian 10's 2.20): such a
// git has no `--autostash` option for `git merge` and stops at `--no-autostash` with "unknown
// option", though it has no `merge.autoStash` either. Stood in for by a wrapper that refuses
// the option as that git does and runs the real one otherwise.

const LOG = 'internalise/.srs/log.jsonl'

let world: World
let twoDevices: (name: string) => { a: Device; b: Device }
let oldGit: Record<string, string>
beforeAll(async () => {
  world = await makeWorld()
  twoDevices = await seedTwoDevices(world)
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim()
  const shim = nodePath.join(world.root, 'old-git')
  fs.mkdirSync(shim)
  fs.writeFileSync(
    nodePath.join(shim, 'git'),
    `#!/bin/sh
for arg; do case "$arg" in
  --autostash|--no-autostash) echo "error: unknown option \\\`\${arg#--}'" >&2; exit 129;;
esac; done
exec ${JSON.stringify(realGit)} "$@"
`,
    { mode: 0o755 },
  )
  oldGit = { ...world.env, PATH: `${shim}${nodePath.delimiter}${process.env['PATH'] ?? ''}` }
}, 240_000)
afterAll(() => world?.remove())

const sync = (device: Device) =>
  ok(runBuilt(world.cli.bin, ['sync', '--today', '2026-12-01', '--corpus', device.dir], { ...oldGit, PWD: device.dir }))

describe('sync with a git older than 2.27', () => {
  it('merges and fast-forwards: every review of both devices reaches both', async () => {
    const { a, b } = twoDevices('old-git')
    const made = await practise(a, '2026-12-01', [['alpha', 'good']])
    await sync(a)
    made.push(...(await practise(b, '2026-12-01', [['beta', 'hard']])))
    await sync(b) // both devices moved: a merge
    await sync(a) // a is behind: a fast-forward
    expect(sortedLines(a.read(LOG))).toEqual([...made].sort())
    expect(b.read(LOG)).toBe(a.read(LOG))
  }, 240_000)
})

import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import nodePath from 'node:path'
import { expect } from 'vitest'
import { type BuiltCli, buildCli, type ProcessResult, runBuilt } from '../spec/built-cli.js'
import { cli } from '../support/cli.js'
import { tempFolder } from '../support/temp-corpus.js'

/**
 * Two devices on one machine, with real git: a bare remote and clones in a temp folder, a temp
 * HOME and no system config, so that the developer's own git settings cannot change a result.
 */
export interface World {
  root: string
  remote: string
  cli: BuiltCli
  env: Record<string, string>
  device(name: string): Device
  remove(): void
}

export interface Device {
  dir: string
  /** The built `notekeeper` in its own process, in this clone. */
  nk(...args: string[]): Promise<ProcessResult>
  git(...args: string[]): string
  read(path: string): string
  /** The file's text, or null when the clone has none. */
  readIfAny(path: string): string | null
  write(path: string, text: string): void
}

export async function makeWorld(): Promise<World> {
  const folder = tempFolder('notekeeper-git-')
  const cli = await buildCli()
  const root = folder.path
  const env: Record<string, string> = {
    HOME: root,
    XDG_CONFIG_HOME: nodePath.join(root, '.config'),
    XDG_CACHE_HOME: nodePath.join(root, '.cache'),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: nodePath.join(root, '.gitconfig'),
    GIT_AUTHOR_NAME: 'Test Person',
    GIT_AUTHOR_EMAIL: 'person@example.invalid',
    GIT_COMMITTER_NAME: 'Test Person',
    GIT_COMMITTER_EMAIL: 'person@example.invalid',
    GIT_TERMINAL_PROMPT: '0',
    // One clock for both devices: two devices that did the same thing write the same commit
    // unless Notekeeper makes them differ, as fast real devices sharing an identity can.
    GIT_AUTHOR_DATE: '2026-12-01T12:00:00Z',
    GIT_COMMITTER_DATE: '2026-12-01T12:00:00Z',
  }
  const remote = nodePath.join(root, 'remote.git')
  git(root, env, 'init', '--quiet', '--bare', '--initial-branch=main', remote)
  return {
    root,
    remote,
    cli,
    env,
    device(name) {
      return device(nodePath.join(root, name), cli, env)
    },
    remove() {
      cli.remove()
      folder.remove()
    },
  }
}

function device(dir: string, cli: BuiltCli, env: Record<string, string>): Device {
  return {
    dir,
    nk: (...args) => runBuilt(cli.bin, [...args, '--corpus', dir], { ...env, PWD: dir }),
    git: (...args) => git(dir, env, ...args),
    read: path => fs.readFileSync(nodePath.join(dir, path), 'utf8'),
    readIfAny: path =>
      fs.existsSync(nodePath.join(dir, path)) ? fs.readFileSync(nodePath.join(dir, path), 'utf8') : null,
    write(path, text) {
      const full = nodePath.join(dir, path)
      fs.mkdirSync(nodePath.dirname(full), { recursive: true })
      fs.writeFileSync(full, text)
    },
  }
}

export function git(cwd: string, env: Record<string, string>, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** Every file of a clone outside `.git`, corpus-relative. */
export function filesOf(dir: string): string[] {
  const out: string[] = []
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === '.git') continue
      const full = nodePath.join(folder, entry.name)
      if (entry.isDirectory()) walk(full)
      else out.push(nodePath.relative(dir, full).split(nodePath.sep).join('/'))
    }
  }
  walk(dir)
  return out.sort()
}

/** Files holding a line git writes around a conflict. */
export function filesWithConflictMarkers(dir: string): string[] {
  return filesOf(dir).filter(path =>
    /^(<{7}|\|{7}|>{7})( |$)|^={7}$/m.test(fs.readFileSync(nodePath.join(dir, path), 'utf8')),
  )
}

export const WORDS_NOTE = `= Words
:intent: internalise

[qanda]
[[alpha]]Alpha?:: The first.
[[beta]]Beta?:: The second.
[[gamma]]Gamma?:: The third.
[[delta]]Delta?:: The fourth.
[[epsilon]]Epsilon?:: The fifth.
`

export const TODO_NOTE = `= To do
:intent: track

== Now
* Write the report

== Next
* Call the plumber
`

export function reviewLine(item: string, date: string, grade: string): string {
  return JSON.stringify({ item, date, grade })
}

/** A multiset of lines as a sorted list, for comparing logs without their order. */
export function sortedLines(text: string): string[] {
  return text
    .split('\n')
    .filter(line => line.trim() !== '')
    .sort()
}

/**
 * Seeds `world` once: a remote holding the corpus (words.adoc and todo.adoc) and two clones set
 * up and synced. Returns how to get a fresh pair of clones of a fresh remote, copied from the seed.
 */
export async function seedTwoDevices(world: World): Promise<(name: string) => { a: Device; b: Device }> {
  const cloneOf = (remoteName: string, dir: string): Device => {
    git(world.root, world.env, 'clone', '--quiet', remoteName, dir)
    return world.device(dir)
  }
  const remote = 'seed.git'
  git(world.root, world.env, 'init', '--quiet', '--bare', '--initial-branch=main', remote)
  const a = cloneOf(remote, 'seed-a')
  a.write('internalise/words.adoc', WORDS_NOTE)
  a.write('track/todo.adoc', TODO_NOTE)
  await ok(a.nk('git', 'setup'))
  await ok(a.nk('sync', '--today', '2026-11-30'))
  const b = cloneOf(remote, 'seed-b')
  await ok(b.nk('git', 'setup'))
  await ok(b.nk('sync', '--today', '2026-11-30'))
  return name => {
    fs.cpSync(nodePath.join(world.root, 'seed.git'), nodePath.join(world.root, `${name}.git`), { recursive: true })
    const pair = ['a', 'b'].map(side => {
      fs.cpSync(nodePath.join(world.root, `seed-${side}`), nodePath.join(world.root, `${name}-${side}`), {
        recursive: true,
      })
      const device = world.device(`${name}-${side}`)
      device.git('remote', 'set-url', 'origin', nodePath.join(world.root, `${name}.git`))
      return device
    })
    return { a: pair[0] as Device, b: pair[1] as Device }
  }
}

export async function ok(result: Promise<ProcessResult>): Promise<ProcessResult> {
  const done = await result
  expect(done.code, `${done.stdout}\n${done.stderr}`).toBe(0)
  return done
}

/** Grades on one device, returning the log lines they wrote. */
export async function practise(device: Device, day: string, grades: Array<[string, string]>): Promise<string[]> {
  const lines: string[] = []
  for (const [item, grade] of grades) {
    // In this process (the grade is not what is under test here; the processes git runs are).
    await ok(cli(['grade', `words#${item}`, grade, '--today', day, '--corpus', device.dir]))
    lines.push(reviewLine(`words#${item}`, day, grade))
  }
  return lines
}

/** The commit the remote's main is at. */
export function remoteMain(device: Device): string {
  return device.git('ls-remote', 'origin', 'refs/heads/main').split('\t')[0] as string
}

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { onTestFinished } from 'vitest'
import { type CliResult, cli } from '../support/cli.js'

// Hand-made corpora for the SPEC conformance suite: each test writes the few files it needs into
// a fresh temporary folder and runs the real CLI on it, as an outside checker would.

export const LOG = 'internalise/.srs/log.jsonl'
export const STATE = 'internalise/.srs/state.json'
export const CONFIG = 'internalise/.srs/config.json'

export type Files = Record<string, string>

/** A fresh corpus folder holding these files; removed when the test that made it finishes. */
export function makeCorpus(files: Files): string {
  const dir = mkdtempSync(join(tmpdir(), 'notekeeper-spec-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  writeFiles(dir, files)
  return dir
}

export function writeFiles(dir: string, files: Files): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
}

/** An Internalise note declaring the given anchors as `[qanda]` items. */
export function qandaNote(title: string, anchors: readonly string[]): string {
  const entries = anchors.map(anchor => `[[${anchor}]]Prompt of ${anchor}?:: Response of ${anchor}.`)
  return `= ${title}\n:intent: internalise\n\n[qanda]\n${entries.join('\n')}\n`
}

/** One log line, exactly as writers write it (SPEC 1.4). */
export function logLine(item: string, date: string, grade: string): string {
  return `${JSON.stringify({ item, date, grade })}\n`
}

export function logOf(lines: readonly (readonly [string, string, string])[]): string {
  return lines.map(([item, date, grade]) => logLine(item, date, grade)).join('')
}

export function config(value: unknown): Files {
  return { [CONFIG]: JSON.stringify(value) }
}

export function read(dir: string, path: string): string {
  return readFileSync(join(dir, path), 'utf8')
}

export function exists(dir: string, path: string): boolean {
  return existsSync(join(dir, path))
}

export interface Entry {
  next_due: string
  reps: number
  level?: number
  [field: string]: unknown
}

export function readState(dir: string): Record<string, Entry> {
  return JSON.parse(read(dir, STATE)) as Record<string, Entry>
}

/** Every file and folder under the folder (dot-folders included), files with their bytes, to prove what a command wrote. */
export function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name
      if (statSync(join(dir, path)).isDirectory()) {
        files.set(`${path}/`, 'folder')
        walk(path)
      } else files.set(path, readFileSync(join(dir, path)).toString('base64'))
    }
  }
  walk('')
  return files
}

/** The paths whose bytes differ between two snapshots (added, removed or changed). */
export function changedPaths(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()])
  return [...paths].filter(p => before.get(p) !== after.get(p)).sort()
}

export function run(dir: string, today: string | null, ...args: string[]): Promise<CliResult> {
  return cli([...args, '--corpus', dir, ...(today === null ? [] : ['--today', today])])
}

export interface JsonFinding {
  rule: string
  severity: string
  file: string
  line?: number
  message: string
  other?: { file: string; line?: number }
  [field: string]: unknown
}

export interface Summary {
  errors: number
  warnings: number
  infos: number
  ignored: number
  rules: Record<string, number>
}

export function parseFindings(result: CliResult): { findings: JsonFinding[]; summary: Summary } {
  return JSON.parse(result.stdout) as { findings: JsonFinding[]; summary: Summary }
}

export async function validateJson(
  dir: string,
  today: string,
  ...extra: string[]
): Promise<{ code: number; findings: JsonFinding[]; summary: Summary }> {
  const result = await run(dir, today, 'validate', '--json', ...extra)
  return { code: result.code, ...parseFindings(result) }
}

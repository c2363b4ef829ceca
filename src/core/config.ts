import { CONFIG_SCHEMA, checkSchema } from './config-schema.js'
import { CONFIG_PATH } from './corpus.js'
import { dateProblem } from './dates.js'
import { nearestName } from './edit-distance.js'
import { lineColumn, locateJson } from './json-locate.js'
import { fsrsWeightsProblem } from './schedulers/fsrs.js'
import type { Config, Finding, SchedulerName } from './types.js'

export const SCHEDULERS: readonly SchedulerName[] = ['leitner', 'fsrs', 'sm2', 'passfail']

/** The largest note read (SPEC 1.8): far above any real note (the largest of 3,345 real files is
 *  under 1 MB), low enough that one hostile file cannot hold up the others. */
export const DEFAULT_NOTE_BYTES = 4 * 1024 * 1024

export const DEFAULT_CONFIG: Config = {
  scheduler: 'leitner',
  switches: [],
  fuzz: true,
  leechThreshold: 4,
  fsrs: { retention: 0.9, weights: [] },
  limits: { newPerDay: null, reviewsPerDay: null, noteBytes: DEFAULT_NOTE_BYTES },
  hygiene: { staleDays: 365, nearDuplicate: 0.5, ignore: [] },
  track: { ladder: ['Now', 'Next', 'Later', 'Someday'], final: ['Done', 'Dropped'] },
  aliases: {},
  practice: { relearn: true },
}

/** A key config.json holds that the schema does not know: ignored, and said so. */
export interface ConfigWarning {
  line: number
  column: number
  message: string
}

export type ConfigResult =
  | { ok: true; config: Config; warnings: ConfigWarning[] }
  | { ok: false; finding: Finding & { column?: number } }

/**
 * Reads `config.json` (SPEC 1.8) against `schema/config.schema.json`. A missing file (null) is
 * the defaults; every key is optional. Anything we cannot trust (not JSON, unknown scheduler, a
 * key of the wrong type) is `config-invalid`, with the line and column: the callers then write
 * nothing, because a schedule derived from a config the user did not mean would silently change
 * every due date. A key the schema does not know is only a warning (a typo, or a key of a newer
 * version): the file still means what it says for every key we know.
 */
export function parseConfig(text: string | null): ConfigResult {
  if (text === null) return { ok: true, config: DEFAULT_CONFIG, warnings: [] }
  const body = text.replace(/^\uFEFF/, '')
  const bom = text.length - body.length
  const located = locateJson(body)
  if (!located.ok) return invalid(text, located.offset + bom, `not valid JSON: ${located.message}`)
  const raw: unknown = JSON.parse(body)
  if (!isObject(raw)) return invalid(text, bom, 'must hold a JSON object')
  const at = (path: string[]): number => (path.length === 0 ? 0 : (located.keys.get(path.join('.')) ?? 0)) + bom
  const issues = checkSchema(raw, CONFIG_SCHEMA)
  const errors = issues.filter(issue => issue.kind === 'invalid')
  const first = errors[0]
  if (first) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''
    return invalid(text, at(first.path), `${describePath(first.path)} ${first.message}${more}`)
  }
  const weightsProblem = fsrsWeightsProblem(
    isObject(raw['fsrs']) && Array.isArray(raw['fsrs']['weights']) ? (raw['fsrs']['weights'] as number[]) : [],
  )
  if (weightsProblem) return invalid(text, at(['fsrs', 'weights']), weightsProblem)
  // The schema checks a switch date's shape; the calendar (and its supported range) checks the rest.
  const switches = Array.isArray(raw['switches']) ? raw['switches'] : []
  for (const [index, entry] of switches.entries()) {
    const date = isObject(entry) ? entry['date'] : undefined
    const problem = typeof date === 'string' ? dateProblem(date) : null
    if (problem)
      return invalid(text, at(['switches', String(index), 'date']), `"switches.${index}.date" ${date} ${problem}`)
  }
  const warnings = issues
    .filter(issue => issue.kind === 'unknown-key')
    .map(issue => {
      const key = issue.path.at(-1) ?? ''
      const near = nearestName(key, issue.known ?? [])
      return {
        ...lineColumn(text, at(issue.path)),
        message: `unknown key ${describePath(issue.path)}, ignored${near ? ` (did you mean "${near}"?)` : ''}`,
      }
    })
  return { ok: true, config: withDefaults(DEFAULT_CONFIG, raw) as Config, warnings }
}

/** `config.json:3:14: message` with the path once: how every command reports an invalid config. */
export function configProblemText(finding: Finding & { column?: number }): string {
  const where = finding.line === undefined ? '' : `:${finding.line}${finding.column ? `:${finding.column}` : ''}`
  return `${finding.file}${where}: ${finding.message}`
}

function invalid(text: string, offset: number, message: string): ConfigResult {
  const { line, column } = lineColumn(text, offset)
  return { ok: false, finding: { rule: 'config-invalid', severity: 'error', file: CONFIG_PATH, line, column, message } }
}

function describePath(path: string[]): string {
  return path.length === 0 ? 'the file' : `"${path.join('.')}"`
}

/** The defaults with every known key the file gives (objects merged key by key, the rest replaced). */
function withDefaults(defaults: unknown, given: unknown): unknown {
  if (!isObject(defaults) || !isObject(given) || Object.keys(defaults).length === 0)
    return given === undefined ? defaults : given
  const merged: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(defaults)) merged[key] = withDefaults(value, given[key])
  return merged
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

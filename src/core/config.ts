import { aliasCycles } from './aliases.js'
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

/** A cycle of `aliases` (see aliases.ts): its ids in alias order, and where its first alias is written. */
export interface AliasCycle {
  ids: string[]
  line: number
  column: number
}

export type ConfigResult =
  | {
      ok: true
      config: Config
      warnings: ConfigWarning[]
      /** The cycles of `aliases`, when there are some: they are ignored (aliases.ts), and validate reports them. */
      aliasCycles?: AliasCycle[]
    }
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
    const fromWeights = isObject(entry) ? entry['fromWeights'] : undefined
    // Weights of a regime only FSRS ran: on a switch from another scheduler they would name nothing.
    if (fromWeights !== undefined && isObject(entry) && entry['from'] !== 'fsrs')
      return invalid(
        text,
        at(['switches', String(index), 'fromWeights']),
        `"switches.${index}.fromWeights" belongs to a switch from fsrs only (this one is from ${String(entry['from'])})`,
      )
    const weightsWrong = Array.isArray(fromWeights) ? fsrsWeightsProblem(fromWeights as number[]) : null
    if (weightsWrong)
      return invalid(
        text,
        at(['switches', String(index), 'fromWeights']),
        weightsWrong.replace(/^fsrs\.weights/, `"switches.${index}.fromWeights"`),
      )
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
  // JSON.parse keeps the last of a key given twice: said, as an unknown key is, so that an
  // earlier "scheduler" that no longer counts does not pass silently.
  for (const duplicate of located.duplicates)
    warnings.push({
      ...lineColumn(text, duplicate.offset + bom),
      message: `key "${duplicate.path}" given again (first on line ${lineColumn(text, duplicate.first + bom).line}): the last one counts, the earlier ignored`,
    })
  warnings.sort((a, b) => a.line - b.line || a.column - b.column)
  const config = withDefaults(DEFAULT_CONFIG, raw) as Config
  const cycles = aliasCycles(config.aliases).map(ids => ({
    ids,
    ...lineColumn(text, at(['aliases', ids[0] as string])),
  }))
  return { ok: true, config, warnings, ...(cycles.length > 0 && { aliasCycles: cycles }) }
}

/**
 * The `alias-cycle` finding of a cycle of `aliases` (SPEC 1.8, 2.2): at its first alias in
 * config.json, saying what to remove. `isDeclared` (validate knows the items) lets it name the
 * alias that is wrong: the one leaving an id a note declares now, since an alias goes from an id
 * no note declares any more to the one that replaced it.
 */
export function aliasCycleFinding(
  cycle: AliasCycle,
  aliases: Readonly<Record<string, string>>,
  isDeclared?: (id: string) => boolean,
): Finding {
  const chain = [...cycle.ids, cycle.ids[0] as string].map(id => JSON.stringify(id)).join(' → ')
  const alias = (id: string) => `${JSON.stringify(id)}: ${JSON.stringify(aliases[id])}`
  const declared = isDeclared === undefined ? [] : cycle.ids.filter(isDeclared)
  const advice =
    cycle.ids.length === 1
      ? 'Remove it: an alias to itself renames nothing.'
      : declared.length === 1
        ? `A note declares ${JSON.stringify(declared[0])}, so it is the new id: remove the alias ${alias(declared[0] as string)}.`
        : declared.length > 1
          ? `Notes declare ${declared.map(id => JSON.stringify(id)).join(' and ')}: remove the aliases ${declared.map(alias).join(' and ')}, which take their reviews away.`
          : 'Remove the alias that leaves the id a note declares now (an alias goes from an old id to the one that replaced it).'
  return {
    rule: 'alias-cycle',
    severity: 'error',
    file: CONFIG_PATH,
    line: cycle.line,
    message: `"aliases" ${chain} go round in a circle, so they name no new id: they are ignored, and each of these ids keeps its own reviews. ${advice}`,
    cycle: cycle.ids,
  }
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

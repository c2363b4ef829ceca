import { CONFIG_PATH } from './corpus.js'
import { isIsoDate } from './dates.js'
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

export type ConfigResult = { ok: true; config: Config } | { ok: false; finding: Finding }

/**
 * Reads `config.json` (SPEC 1.8). A missing file (null) is the defaults; every key is optional.
 * Anything we cannot trust (not JSON, unknown scheduler, a key of the wrong type) is
 * `config-invalid`: the callers then write nothing, because a schedule derived from a config the
 * user did not mean would silently change every due date.
 */
export function parseConfig(text: string | null): ConfigResult {
  if (text === null) return { ok: true, config: DEFAULT_CONFIG }
  let raw: unknown
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    return invalid(`${CONFIG_PATH} is not valid JSON: ${(error as Error).message}`, lineOfJsonError(text, error))
  }
  if (!isObject(raw)) return invalid(`${CONFIG_PATH} must hold a JSON object`)
  const problems: string[] = []
  const pick = <T>(value: unknown, fallback: T, ok: (v: unknown) => boolean, name: string): T => {
    if (value === undefined) return fallback
    if (!ok(value)) {
      problems.push(`"${name}" has the wrong type`)
      return fallback
    }
    return value as T
  }
  const scheduler = raw['scheduler'] ?? 'leitner'
  if (typeof scheduler !== 'string' || !SCHEDULERS.includes(scheduler as SchedulerName)) {
    return invalid(
      `${CONFIG_PATH}: unknown scheduler ${JSON.stringify(scheduler)} (known: ${SCHEDULERS.join(', ')})`,
      lineOfKey(text, 'scheduler'),
    )
  }
  const fsrs = objectOr(raw['fsrs'], 'fsrs', problems)
  const limits = objectOr(raw['limits'], 'limits', problems)
  const hygiene = objectOr(raw['hygiene'], 'hygiene', problems)
  const track = objectOr(raw['track'], 'track', problems)
  const practice = objectOr(raw['practice'], 'practice', problems)
  const d = DEFAULT_CONFIG
  const config: Config = {
    scheduler: scheduler as SchedulerName,
    switches: pick(raw['switches'], d.switches, isSwitchList, 'switches'),
    fuzz: pick(raw['fuzz'], d.fuzz, v => typeof v === 'boolean', 'fuzz'),
    leechThreshold: pick(raw['leechThreshold'], d.leechThreshold, isPositiveInteger, 'leechThreshold'),
    fsrs: {
      retention: pick(
        fsrs['retention'],
        d.fsrs.retention,
        v => typeof v === 'number' && v > 0 && v < 1,
        'fsrs.retention',
      ),
      weights: pick(fsrs['weights'], d.fsrs.weights, isNumberArray, 'fsrs.weights'),
    },
    limits: {
      newPerDay: pick(limits['newPerDay'], d.limits.newPerDay, isLimit, 'limits.newPerDay'),
      reviewsPerDay: pick(limits['reviewsPerDay'], d.limits.reviewsPerDay, isLimit, 'limits.reviewsPerDay'),
      noteBytes: pick(limits['noteBytes'], DEFAULT_NOTE_BYTES, isPositiveInteger, 'limits.noteBytes'),
    },
    hygiene: {
      staleDays: pick(hygiene['staleDays'], d.hygiene.staleDays, isPositiveInteger, 'hygiene.staleDays'),
      nearDuplicate: pick(
        hygiene['nearDuplicate'],
        d.hygiene.nearDuplicate,
        v => typeof v === 'number' && v > 0 && v <= 1,
        'hygiene.nearDuplicate',
      ),
      ignore: pick(hygiene['ignore'], d.hygiene.ignore, isIgnoreList, 'hygiene.ignore'),
    },
    track: {
      ladder: pick(track['ladder'], d.track.ladder, isStringArray, 'track.ladder'),
      final: pick(track['final'], d.track.final, isStringArray, 'track.final'),
    },
    aliases: pick(raw['aliases'], d.aliases, isStringRecord, 'aliases'),
    practice: {
      relearn: pick(practice['relearn'], d.practice.relearn, v => typeof v === 'boolean', 'practice.relearn'),
    },
  }
  const weightsProblem = fsrsWeightsProblem(config.fsrs.weights)
  if (weightsProblem) problems.push(weightsProblem)
  if (problems.length > 0) return invalid(`${CONFIG_PATH}: ${problems.join('; ')}`)
  return { ok: true, config }
}

function invalid(message: string, line?: number): ConfigResult {
  const finding: Finding = { rule: 'config-invalid', severity: 'error', file: CONFIG_PATH, message }
  if (line !== undefined) finding.line = line
  return { ok: false, finding }
}

function objectOr(value: unknown, name: string, problems: string[]): Record<string, unknown> {
  if (value === undefined) return {}
  if (isObject(value)) return value
  problems.push(`"${name}" must be an object`)
  return {}
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
const isPositiveInteger = (v: unknown) => Number.isInteger(v) && (v as number) > 0
const isLimit = (v: unknown) => v === null || (Number.isInteger(v) && (v as number) >= 0)
const isNumberArray = (v: unknown) => Array.isArray(v) && v.every(x => typeof x === 'number' && Number.isFinite(x))
const isStringArray = (v: unknown) => Array.isArray(v) && v.every(x => typeof x === 'string' && x.trim() !== '')
const isStringRecord = (v: unknown) => isObject(v) && Object.values(v).every(x => typeof x === 'string')
const isSchedulerName = (v: unknown) => typeof v === 'string' && SCHEDULERS.includes(v as SchedulerName)
const isSwitchList = (v: unknown) =>
  Array.isArray(v) &&
  v.every(x => isObject(x) && isIsoDate(x['date']) && isSchedulerName(x['from']) && isSchedulerName(x['to']))
const isIgnoreList = (v: unknown) =>
  Array.isArray(v) &&
  v.every(
    x =>
      isObject(x) &&
      typeof x['rule'] === 'string' &&
      typeof x['file'] === 'string' &&
      (x['other'] === undefined || typeof x['other'] === 'string'),
  )

/** The 1-based line of a JSON syntax error, when the engine's message gives a position. */
function lineOfJsonError(text: string, error: unknown): number | undefined {
  const match = /position (\d+)/.exec(String((error as Error).message))
  if (!match) return undefined
  return text.slice(0, Number(match[1])).split('\n').length
}

function lineOfKey(text: string, key: string): number | undefined {
  const index = text.indexOf(`"${key}"`)
  return index < 0 ? undefined : text.slice(0, index).split('\n').length
}

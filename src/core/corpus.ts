import type { AliasCycle } from './config.js'
import type { ReviewLog } from './log/review-log.js'
import type { StateDamage } from './state.js'
import { type Config, type Finding, INTENTS, type Intent, type IsoDate, type NoteModel, type State } from './types.js'

/** Paths of the machine-managed files, relative to the corpus root. */
export const LOG_PATH = 'internalise/.srs/log.jsonl'
export const STATE_PATH = 'internalise/.srs/state.json'
export const CONFIG_PATH = 'internalise/.srs/config.json'
export const LOCK_PATH = 'internalise/.srs/log.lock'

/** The intent folder a path starts with, or null. */
export function topFolder(path: string): Intent | null {
  const slash = path.indexOf('/')
  const first = slash < 0 ? path : path.slice(0, slash)
  return (INTENTS as readonly string[]).includes(first) ? (first as Intent) : null
}

/** A note: an `.adoc` file under one of the intent folders, at any depth, with no dot-named segment (SPEC 1). */
export function isNotePath(path: string): boolean {
  return topFolder(path) !== null && isVisibleAdoc(path)
}

/** Any `.adoc` file of the corpus outside dot-folders: a valid link target even when it is not a note. */
export function isVisibleAdoc(path: string): boolean {
  // No segment begins with a dot: the first, or one after a slash (tested per path at every load).
  return path.endsWith('.adoc') && !path.startsWith('.') && !path.includes('/.')
}

/** `internalise/lang/french.adoc` + `tu-vous` gives `lang/french#tu-vous` (SPEC 1.2). */
export function itemId(notePath: string, anchor: string): string {
  // Sliced, not replaced by regex: every item of every scan and every packed model's first read
  // of its items makes an id (30,000 at a load of the bench's corpus).
  const start = notePath.startsWith(INTERNALISE) ? INTERNALISE.length : 0
  const end = notePath.endsWith('.adoc') ? notePath.length - 5 : notePath.length
  return `${notePath.slice(start, end)}#${anchor}`
}

const INTERNALISE = 'internalise/'

/** The note path an item id points at: `lang/french#tu-vous` gives `internalise/lang/french.adoc`. */
export function notePathOfItem(id: string): string {
  const hash = id.indexOf('#')
  return `internalise/${hash < 0 ? id : id.slice(0, hash)}.adoc`
}

/**
 * Whether the notes at these paths are there but were not read this time (`note-unreadable`: over
 * the size limit, no permission, a failed read; `note-skipped`: a link, a pipe, or a linked
 * folder they are in): their items have not gone (SPEC 1.5). Null when every note was read.
 */
export function unreadNotes(corpus: Pick<Corpus, 'unreadable'>): ((path: string) => boolean) | null {
  const unread = corpus.unreadable
    .filter(finding => finding.rule === 'note-unreadable' || finding.rule === 'note-skipped')
    .map(finding => finding.file)
  if (unread.length === 0) return null
  return path => unread.some(file => path === file || path.startsWith(`${file}/`))
}

/**
 * What a snapshot read of the log file, so that a writer can tell whether anyone else wrote
 * since (SPEC 1.4, two writers) without reading the whole log again: its size in bytes (taken
 * before the read, so a line added meanwhile can only make the file look changed), its line
 * count, and whether it ends with a newline.
 */
export interface LogFileMark {
  bytes: number
  /** Its length as text (UTF-16 code units), for hosts that read it whole to append. */
  chars: number
  lines: number
  endsWithNewline: boolean
}

/**
 * Everything an operation needs to know about a corpus, read once through a Vault (the app's
 * loader builds it): the files, the notes as scanned, the configuration, the review log and the
 * state on disk. What follows from it (the state a replay gives, the daily limits, leeches) is
 * derived from it once, in snapshot.ts, and kept up to date there as reviews and edits arrive.
 */
export interface Corpus {
  /** Every file path of the corpus (relative, `/`), as the vault lists it. */
  files: string[]
  /** Every visible `.adoc` file (notes, README, ADRs) that could be read, sorted by path. */
  notes: NoteModel[]
  /**
   * Findings about the note files themselves: `note-unreadable` (not read), `note-skipped` (left
   * out by the listing: a link, a pipe) and `note-encoding` (read, but its bytes are not UTF-8).
   */
  unreadable: Finding[]
  /**
   * Everything the listing saw and left out (a link it does not follow, a pipe), notes or not:
   * path -> why. A link there names something that exists (links/resolve.ts). Absent: none.
   */
  notRead?: ReadonlyMap<string, string>
  /** The configuration, or the defaults when `configFinding` says it is invalid. */
  config: Config
  configFinding: Finding | null
  /** The cycles of `config.aliases`, ignored in every resolution (aliases.ts); validate reports them, the other commands warn. */
  aliasCycles?: readonly AliasCycle[]
  /** The log's reviews that count (the voided ones taken out, SPEC 1.4), its void lines and findings. */
  log: ReviewLog
  /** The log file as read; null when the host cannot say its size (every write then reads it back whole). */
  logFile?: LogFileMark | null
  /** The state on disk; null when there is none. `stateError` when it could not be parsed. */
  state: State | null
  stateError: string | null
  /** The line of state.json where `stateError` is (a syntax error), when it is at one. */
  stateErrorLine?: number | null
  /** The state entries that are damaged (no supported next_due or no valid reps), with their lines; left out of `state`. */
  stateInvalid: StateDamage[]
  /**
   * The registration (the due date of a never-reviewed entry, SPEC 1.5) of each item first
   * reviewed since this corpus was read, as the state held it before that review replaced it:
   * an undo of the review puts the item back among the new items at its own place (ADR 0041).
   * Absent: none. Kept in memory only, as state.json keeps no registration of a reviewed item.
   */
  registrations?: ReadonlyMap<string, IsoDate>
}

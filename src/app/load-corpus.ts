import { scanNote } from '../core/asciidoc/scan.js'
import { DEFAULT_CONFIG, DEFAULT_NOTE_BYTES, parseConfig } from '../core/config.js'
import { CONFIG_PATH, type Corpus, isVisibleAdoc, STATE_PATH } from '../core/corpus.js'
import { parseState } from '../core/state.js'
import type { Finding, NoteModel } from '../core/types.js'
import { type Vault, VaultError } from '../ports/vault.js'
import type { LogCache } from './log-cache.js'
import { readLogAndMark } from './log-mark.js'
import { encodingFinding, readNoteText, skippedFindings } from './note-read.js'
import { packScanned } from './packed-model.js'
import type { FileStamp, ScanCache } from './scan-cache.js'

export interface LoadOptions {
  /**
   * The note models of earlier loads (src/app/scan-cache.ts): a note whose stamp or text is the
   * one scanned is not scanned again, nor read when its stamp proves it unchanged. None: every
   * note is read and scanned, and nothing is recorded (no stat, no hash of its text: no later
   * load could use them). Either way the models are packed (ADR 0029).
   */
  cache?: ScanCache
  /** The log read at earlier loads (src/app/log-cache.ts, ADR 0025); none: the log is read whole. */
  logCache?: LogCache
  onProgress?: (done: number, total: number) => void
}

/**
 * How many note reads are in flight at once. Each read is a few round trips to the host's I/O
 * threads; with many in flight, those trips overlap one another and the scanning of the notes
 * already read, while the texts waiting to be scanned stay few.
 */
const READS_IN_FLIGHT = 32

/**
 * Reads a corpus: its notes as models (scanned, or from the scan cache), its configuration, log
 * and state. Note texts are not kept: the few operations that need them read them
 * (note-texts.ts), so that practice, replay and validate never hold the corpus's text.
 */
export async function loadCorpus(vault: Vault, options: LoadOptions = {}): Promise<Corpus> {
  const cache = options.cache ?? null
  const cacheReady = cache?.ready()
  const listed = vault.listing ? await vault.listing() : { files: await vault.list(), skipped: [] }
  const files = listed.files.sort()
  await cacheReady
  const adoc = files.filter(isVisibleAdoc)
  // The configuration first (a small file): it holds the size limit notes are read under.
  const configText = await vault.read(CONFIG_PATH)
  const parsedConfig = parseConfig(configText)
  const noteBytes = (parsedConfig.ok ? parsedConfig.config : DEFAULT_CONFIG).limits.noteBytes ?? DEFAULT_NOTE_BYTES
  const config = parsedConfig.ok ? parsedConfig.config : DEFAULT_CONFIG
  // The log and the state are read alongside the notes. Every operation sees only the reviews
  // that count: replay, the limits, leeches, statistics.
  const managed = Promise.all([readLogAndMark(vault, config.aliases, options.logCache), vault.read(STATE_PATH)])
  managed.catch(() => undefined) // awaited below; this only keeps an early failure from counting as unhandled
  // One slot per file, so that the results keep path order whatever order the reads end in.
  const outcomes = new Array<NoteOutcome | undefined>(adoc.length)
  let done = 0
  // With a cache, every note is stat'ed first, in one pass: a note its stamp proves unchanged is
  // served there and then, and only the others are read (a warm load reads none).
  const stamps = cache !== null && (vault.statAll || vault.stat) ? await stampsOf(vault, adoc) : null
  const toRead: number[] = []
  for (let index = 0; index < adoc.length; index++) {
    const stamp = stamps?.[index]
    const known = stamp === undefined ? null : servedByStamp(adoc[index] as string, stamp, cache, noteBytes)
    if (known === null) toRead.push(index)
    else {
      outcomes[index] = known
      options.onProgress?.(++done, adoc.length)
    }
  }
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < toRead.length) {
      const index = toRead[next++] as number
      // Stamps that settled nothing are the ones of files to read: FileStamps (or none, without a cache).
      const stamp = stamps?.[index] as FileStamp | undefined
      outcomes[index] = await readNote(vault, adoc[index] as string, cache, noteBytes, stamp)
      options.onProgress?.(++done, adoc.length)
    }
  }
  const readAll = (): Promise<unknown> =>
    Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, toRead.length) }, worker))
  await (vault.readBatch ? vault.readBatch(readAll) : readAll())
  const notes: NoteModel[] = []
  const unreadable: Finding[] = skippedFindings(listed.skipped)
  for (const outcome of outcomes) {
    if (outcome === undefined || outcome === 'missing') continue
    if ('finding' in outcome) {
      unreadable.push(outcome.finding)
      // Read all the same (bytes that are not UTF-8): the rest of the note still counts.
      if (outcome.note !== undefined) notes.push(outcome.note)
    } else notes.push(outcome)
  }
  await cache?.save(notes.map(note => note.path))
  const [{ log, mark }, stateText] = await managed
  return withLazyState(
    {
      files,
      notes,
      unreadable,
      notRead: new Map(listed.skipped.map(entry => [entry.path, entry.reason])),
      config,
      configFinding: parsedConfig.ok ? null : parsedConfig.finding,
      aliasCycles: parsedConfig.ok ? (parsedConfig.aliasCycles ?? []) : [],
      log,
      logFile: mark,
    },
    stateText,
  )
}

type ParsedState = Pick<Corpus, 'state' | 'stateError' | 'stateErrorLine' | 'stateInvalid'>

/**
 * The corpus, its state parsed on first use. Built here, not in loadCorpus: closures share their
 * function's scope, and getters made there would keep the load's working arrays (a stamp and an
 * outcome per note) for as long as the corpus lives.
 */
function withLazyState(fields: Omit<Corpus, keyof ParsedState>, stateText: string | null): Corpus {
  const parsedState = lazyState(stateText)
  return {
    ...fields,
    get state() {
      return parsedState().state
    },
    get stateError() {
      return parsedState().stateError
    },
    get stateErrorLine() {
      return parsedState().stateErrorLine
    },
    get stateInvalid() {
      return parsedState().stateInvalid
    },
  }
}

/**
 * state.json parsed when a command first asks for it, once: it is a few megabytes at a million
 * reviews, and most commands never read it (they replay the log); validate and practice do.
 */
function lazyState(stateText: string | null): () => ParsedState {
  let text = stateText
  let parsed: ParsedState | null = null
  return () => {
    if (parsed === null) {
      parsed = parseStateText(text)
      // The parsed state is what stays: its text (megabytes at a million reviews) goes.
      text = null
    }
    return parsed
  }
}

function parseStateText(stateText: string | null): ParsedState {
  if (stateText === null) return { state: null, stateError: null, stateInvalid: [] }
  const parsed = parseState(stateText)
  if ('state' in parsed) return { state: parsed.state, stateError: null, stateInvalid: parsed.invalid }
  return { state: null, stateError: parsed.error, stateErrorLine: parsed.line, stateInvalid: [] }
}

/** A note read (with a finding about its bytes when they are not UTF-8), not read (its finding), or gone. */
type NoteOutcome = NoteModel | { finding: Finding; note?: NoteModel } | 'missing'

/**
 * Each note's stamp, in path order: taken before any note is read, so that a file changed after
 * its stat is recorded with its older stamp and read again by the next load (a stamp taken after
 * the read would serve it stale). A stat that fails is that note's unreadable finding. One
 * `statAll` call where the vault has it (ADR 0031); else `stat` per path, as many in flight as
 * reads (a host's stat may be a round trip), not all at once: ten thousand pending at a time
 * held 8 MB more at the peak of a warm index + replay. Null: no stamps (every note is read).
 */
async function stampsOf(vault: Vault, paths: readonly string[]): Promise<StampOutcome[] | null> {
  const failed = (path: string, error: unknown): StampOutcome => ({
    finding: unreadable(path, readFailure(path, error)),
  })
  // A failure of the whole call settles no note: they are stat'ed one by one, or, without `stat`,
  // read without a stamp (as by a vault that cannot stat).
  const answers = vault.statAll ? await vault.statAll(paths).catch(() => null) : null
  if (answers !== null)
    return paths.map((path, index) => {
      const answer = answers[index]
      if (answer === undefined) return failed(path, new Error('no stat was given for it'))
      return answer === null ? 'missing' : isStamp(answer) ? answer : failed(path, answer)
    })
  if (!vault.stat) return null
  const stat = vault.stat.bind(vault)
  const stamps = new Array<StampOutcome>(paths.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < paths.length) {
      const index = next++
      const path = paths[index] as string
      try {
        stamps[index] = (await stat(path)) ?? 'missing'
      } catch (error) {
        stamps[index] = failed(path, error)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, paths.length) }, worker))
  return stamps
}

type StampOutcome = FileStamp | 'missing' | { finding: Finding }

/** A stamp as `statAll` gives one (anything else in its place is the error of that path's stat). */
function isStamp(answer: unknown): answer is FileStamp {
  const stamp = answer as Partial<FileStamp> | null
  return (
    typeof stamp === 'object' &&
    stamp !== null &&
    !(stamp instanceof Error) &&
    typeof stamp.size === 'number' &&
    typeof stamp.mtimeMs === 'number'
  )
}

/** The outcome a note's stamp settles without a read (missing, unreadable, or cached and unchanged), else null. */
function servedByStamp(
  path: string,
  stamp: StampOutcome,
  cache: ScanCache | null,
  noteBytes: number,
): NoteOutcome | null {
  if (stamp === 'missing' || 'finding' in stamp) return stamp
  // A file over the limit is read, to be refused with its size in characters as before.
  return stamp.size <= noteBytes ? (cache?.byStamp(path, stamp) ?? null) : null
}

async function readNote(
  vault: Vault,
  path: string,
  cache: ScanCache | null,
  noteBytes: number,
  stamp: FileStamp | undefined,
): Promise<NoteOutcome> {
  try {
    const read = await readNoteText(vault, path)
    if (read === null) return 'missing'
    const { text, invalid } = read
    const bytes = utf8Bytes(text, noteBytes)
    if (bytes > noteBytes)
      return {
        finding: unreadable(path, `${path} is ${bytes} bytes, over limits.noteBytes (${noteBytes}): not read`, bytes),
      }
    const scan = () => scanNote(path, text)
    if (invalid === null) return cache === null ? packScanned(scan()) : cache.byText(path, text, stamp ?? null, scan)
    // Recorded without a stamp, so no load serves it unread: each one reads it and says so again.
    const note = cache === null ? packScanned(scan()) : cache.byText(path, text, null, scan)
    return { finding: encodingFinding(path, invalid), note }
  } catch (error) {
    return { finding: unreadable(path, readFailure(path, error)) }
  }
}

/** The finding of a note that could not be read, or is over the size limit (`bytes`). */
export function unreadable(file: string, message: string, bytes?: number): Finding {
  return { rule: 'note-unreadable', severity: 'error', file, message, ...(bytes === undefined ? {} : { bytes }) }
}

/** The UTF-8 size of a text, counted only as far as needed to know it is over `limit`. */
function utf8Bytes(text: string, limit: number): number {
  if (text.length * 3 <= limit) return text.length
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    // A surrogate pair is 4 bytes: 2 for each half.
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 2 : 3
  }
  return bytes
}

/**
 * Why a note could not be read, once: the vault's errors name the path and the action already
 * ("git.adoc: cannot read: EACCES"), which "cannot read git.adoc: " before them said twice.
 */
function readFailure(path: string, error: unknown): string {
  if (error instanceof VaultError && error.path === path) return error.message
  return `cannot read ${path}: ${messageOf(error)}`
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

import { scanNote } from '../core/asciidoc/scan.js'
import { DEFAULT_CONFIG, DEFAULT_NOTE_BYTES, parseConfig } from '../core/config.js'
import { CONFIG_PATH, type Corpus, isVisibleAdoc, STATE_PATH } from '../core/corpus.js'
import { parseState } from '../core/state.js'
import type { Finding, NoteModel, State } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import { logBytesThenText, logMark } from './log-mark.js'
import { reviewLogFromText } from './read-log.js'

/** The parse cache is keyed by the file's text: a re-index re-scans only what changed. */
export type ScanCache = Map<string, { text: string; model: NoteModel }>

export interface LoadOptions {
  cache?: ScanCache
  onProgress?: (done: number, total: number) => void
}

/**
 * How many note reads are in flight at once. Each read is a few round trips to the host's I/O
 * threads; with many in flight, those trips overlap one another and the scanning of the notes
 * already read, while the texts waiting to be scanned stay few.
 */
const READS_IN_FLIGHT = 32

export async function loadCorpus(vault: Vault, options: LoadOptions = {}): Promise<Corpus> {
  const files = (await vault.list()).sort()
  const adoc = files.filter(isVisibleAdoc)
  // The configuration first (a small file): it holds the size limit notes are read under.
  const configText = await vault.read(CONFIG_PATH)
  const parsedConfig = parseConfig(configText)
  const noteBytes = (parsedConfig.ok ? parsedConfig.config : DEFAULT_CONFIG).limits.noteBytes ?? DEFAULT_NOTE_BYTES
  // The log and the state are read alongside the notes; parsed once the notes are in.
  // The log's size is taken before it is read: a line added in between makes it look changed, never unchanged.
  const managed = Promise.all([logBytesThenText(vault), vault.read(STATE_PATH)])
  managed.catch(() => undefined) // awaited below; this only keeps an early failure from counting as unhandled
  // One slot per file, so that the results keep path order whatever order the reads end in.
  const outcomes = new Array<NoteOutcome | undefined>(adoc.length)
  let next = 0
  let done = 0
  const worker = async (): Promise<void> => {
    while (next < adoc.length) {
      const index = next++
      outcomes[index] = await readNote(vault, adoc[index] as string, options.cache, noteBytes)
      options.onProgress?.(++done, adoc.length)
    }
  }
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, adoc.length) }, worker))
  const notes: NoteModel[] = []
  const texts = new Map<string, string>()
  const unreadable: Finding[] = []
  for (const outcome of outcomes) {
    if (outcome === undefined || outcome === 'missing') continue
    if ('finding' in outcome) unreadable.push(outcome.finding)
    else {
      texts.set(outcome.path, outcome.text)
      notes.push(outcome.model)
    }
  }
  const [[logBytes, logText], stateText] = await managed
  const config = parsedConfig.ok ? parsedConfig.config : DEFAULT_CONFIG
  // Every operation sees only the reviews that count: replay, the limits, leeches, statistics.
  const log = reviewLogFromText(logText, config.aliases)
  let state: State | null = null
  let stateError: string | null = null
  let stateInvalid: string[] = []
  if (stateText !== null) {
    const parsed = parseState(stateText)
    if ('state' in parsed) {
      state = parsed.state
      stateInvalid = parsed.invalid
    } else stateError = parsed.error
  }
  return {
    files,
    notes,
    texts,
    unreadable,
    config,
    configFinding: parsedConfig.ok ? null : parsedConfig.finding,
    log,
    logFile: logMark(logBytes, logText),
    state,
    stateError,
    stateInvalid,
  }
}

type NoteOutcome = { path: string; text: string; model: NoteModel } | { finding: Finding } | 'missing'

async function readNote(
  vault: Vault,
  path: string,
  cache: ScanCache | undefined,
  noteBytes: number,
): Promise<NoteOutcome> {
  try {
    const text = await vault.read(path)
    if (text === null) return 'missing'
    const bytes = utf8Bytes(text, noteBytes)
    if (bytes > noteBytes) {
      return {
        finding: {
          rule: 'note-unreadable',
          severity: 'error',
          file: path,
          message: `${path} is ${bytes} bytes, over limits.noteBytes (${noteBytes}): not read`,
          bytes,
        },
      }
    }
    return { path, text, model: scanCached(path, text, cache) }
  } catch (error) {
    return {
      finding: {
        rule: 'note-unreadable',
        severity: 'error',
        file: path,
        message: `cannot read ${path}: ${messageOf(error)}`,
      },
    }
  }
}

function scanCached(path: string, text: string, cache: ScanCache | undefined): NoteModel {
  const hit = cache?.get(path)
  if (hit && hit.text === text) return hit.model
  const model = scanNote(path, text)
  cache?.set(path, { text, model })
  return model
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

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

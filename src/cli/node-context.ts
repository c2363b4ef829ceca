import { existsSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface, type Interface } from 'node:readline'
import { nodeCacheStore } from '../adapters/node-cache-store.js'
import { nodeVault } from '../adapters/node-vault.js'
import { createLogCache, logCacheKey } from '../app/log-cache.js'
import { createScanCache, scanCacheKey } from '../app/scan-cache.js'
import { dateProblem, localToday } from '../core/dates.js'
import { jsonText, plainText, terminalText } from '../core/terminal-text.js'
import { INTENTS as NOTES_FOLDERS } from '../core/types.js'
import type { ParsedArgs } from './args.js'
import type { CommandContext } from './context.js'
import { UsageError } from './context.js'
import { type LineReader, pipedReader, terminalReader } from './line-reader.js'

/** Builds the context of a real run: the corpus folder through Node's fs, stdin, the user's cache folder. */
export function nodeContext(
  parsed: ParsedArgs,
  io: {
    stdout: NodeJS.WritableStream
    stderr: NodeJS.WritableStream
    stdin: NodeJS.ReadableStream & { isTTY?: boolean }
  },
  command: {
    /** False for commands that need no corpus (`completion`): no folder is checked. */
    corpus: boolean
    /** Whether the command styles its output (CommandSpec `styles`). */
    styles: boolean
  } = { corpus: true, styles: false },
): CommandContext {
  const needsCorpus = command.corpus
  const options = new Map(parsed.options)
  const corpusOption = options.get('corpus')
  const today = options.get('today')
  const json = options.get('json') === true
  options.delete('corpus')
  options.delete('today')
  options.delete('json')
  if (corpusOption === true || today === true) throw new UsageError('--corpus and --today need a value')
  const todayProblem = today === undefined ? null : dateProblem(today)
  if (todayProblem !== null) throw new UsageError(`--today ${today} ${todayProblem}`)
  const corpusDir = resolve(corpusOption ?? '.')
  if (needsCorpus && (!existsSync(corpusDir) || !statSync(corpusDir).isDirectory()))
    throw new CorpusUnreadableError(`${corpusDir}: not a folder`)
  if (needsCorpus && !isCorpusFolder(corpusDir))
    throw new CorpusUnreadableError(
      `${corpusDir} is not a corpus: it holds none of ${NOTES_FOLDERS.map(f => `${f}/`).join(', ')} (give --corpus DIR)`,
    )
  let lines: Interface | null = null
  const input = (): AsyncIterable<string> => {
    lines ??= createInterface({ input: io.stdin, crlfDelay: Infinity, terminal: false })
    return lines
  }
  const stdoutIsTty = Boolean((io.stdout as NodeJS.WritableStream & { isTTY?: boolean }).isTTY)
  const color = command.styles && stdoutIsTty && !process.env['NO_COLOR']
  // The one place every command's output passes (SPEC 3): no text from a note or a file name
  // reaches the terminal as terminal commands, whichever command printed it and however
  // (src/core/terminal-text.ts). JSON keeps its value: only escapes change, where it had them raw.
  const line = (text: string) => (text.endsWith('\n') ? text : `${text}\n`)
  const out = (text: string) => io.stdout.write(line(json ? jsonText(text) : terminalText(text, color)))
  const err = (text: string) => io.stderr.write(line(plainText(text)))
  const terminal = Boolean(io.stdin.isTTY) && stdoutIsTty
  let reader: LineReader | null = null
  const cacheDir = join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'notekeeper')
  const debug = process.env['NOTEKEEPER_DEBUG'] === '1' && {
    debug: (message: string) => err(`notekeeper: ${message}`),
  }
  return {
    vault: nodeVault(corpusDir),
    corpusDir,
    cwd: process.cwd(),
    today: today ?? localToday(new Date()),
    json,
    args: parsed.positional,
    flags: options,
    out,
    err,
    get input() {
      return input()
    },
    // The terminal's reader writes the prompt itself (readline), past `out`: cleaned here.
    readLine: prompt => {
      reader ??= terminal ? terminalReader(io.stdin, io.stdout) : pipedReader(input, out)
      return reader.read(terminalText(prompt, color))
    },
    // Piped input is let go of too: after a Ctrl-C the pipe is still open, and its reader would
    // keep the process waiting for input nobody reads once the summary is printed.
    closeInput: () => {
      reader?.close()
      lines?.close()
    },
    inputInterrupted: () => reader?.interrupted() ?? false,
    color,
    cacheDir,
    // One entry per corpus folder; why it was not used is said only when debugging.
    scanCache: createScanCache({
      store: { cache: nodeCacheStore(cacheDir), key: scanCacheKey(corpusDir) },
      ...debug,
    }),
    logCache: createLogCache({ store: { cache: nodeCacheStore(cacheDir), key: logCacheKey(corpusDir) }, ...debug }),
    interactive: Boolean(io.stdin.isTTY),
  }
}

/** SPEC 1.1: a corpus is a folder holding at least one of the notes folders (as a folder). */
export function isCorpusFolder(dir: string): boolean {
  return NOTES_FOLDERS.some(folder => {
    try {
      return statSync(join(dir, folder)).isDirectory()
    } catch {
      return false
    }
  })
}

export class CorpusUnreadableError extends Error {
  override name = 'CorpusUnreadableError'
}

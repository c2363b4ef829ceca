import { loadCorpus } from '../../app/load-corpus.js'
import { TRIAGE_VERBS, type TriageRequest, type TriageVerb, triageEdit } from '../../app/triage-edit.js'
import { parseConfig } from '../../core/config.js'
import { CONFIG_PATH } from '../../core/corpus.js'
import { oneLine } from '../../core/terminal-text.js'
import { type TriageView, triageView } from '../../core/triage/view.js'
import type { CommandSpec } from '../command.js'
import { configInvalid } from '../config-output.js'
import { type Command, type CommandContext, type ExitCode, flagString, UsageError } from '../context.js'

/**
 * `notekeeper triage`: without a verb, each Track note's items by status (SPEC 3); with one, an
 * edit of one note (SPEC 1.3). Exit 0 done, 1 edit refused, 2 bad usage or no such Track note.
 */
export const triageCommand: Command = async ctx => {
  const [verb, ...rest] = ctx.args
  if (verb === undefined) return showView(ctx)
  if (!(TRIAGE_VERBS as readonly string[]).includes(verb)) throw new UsageError(`unknown triage verb "${verb}"`)
  const request = parseRequest(verb as TriageVerb, rest, flagString(ctx, 'expect'))
  if (ctx.flags.get('create') === true) {
    if (verb !== 'move' && verb !== 'add') throw new UsageError(`--create applies to move and add, not to ${verb}`)
    request.create = true
  }
  const config = parseConfig(await ctx.vault.read(CONFIG_PATH))
  if (!config.ok) return configInvalid(ctx, config.finding)
  const outcome = await triageEdit(ctx.vault, request, config.config)
  if (ctx.json) ctx.out(JSON.stringify(outcome))
  else if (outcome.ok) ctx.out(outcome.message)
  if (!outcome.ok) ctx.err(`notekeeper: ${outcome.message}`)
  if (outcome.ok) return 0
  return outcome.reason === 'usage' ? 2 : 1
}

/** `--expect` and `--create` qualify an edit: given to the listing (no verb) they were silently ignored. */
export function checkTriageOptions({
  positional,
  options,
}: {
  positional: readonly string[]
  options: ReadonlyMap<string, string | true>
}): void {
  if (positional.length > 0) return
  const stray = ['expect', 'create'].filter(name => options.has(name))
  if (stray.length > 0)
    throw new UsageError(
      `triage: ${stray.map(name => `--${name}`).join(' and ')} go${stray.length === 1 ? 'es' : ''} with an edit (promote, demote, prune, move, add), not with the listing`,
    )
}

function parseRequest(verb: TriageVerb, args: string[], expect: string | undefined): TriageRequest {
  if (verb === 'add') {
    const [file, status, ...words] = args
    if (file === undefined || status === undefined || words.length === 0)
      throw new UsageError(`add needs FILE STATUS TEXT`)
    if (expect !== undefined) throw new UsageError('--expect applies to an existing item, not to add')
    return { verb, file, status, text: words.join(' ') }
  }
  const [place, ...statusWords] = args
  if (place === undefined) throw new UsageError(`${verb} needs FILE:LINE`)
  const match = /^(.+):([1-9]\d*)$/.exec(place)
  if (!match)
    throw new UsageError(`"${place}" is not FILE:LINE (a path from the corpus root, a colon, the item's first line)`)
  const request: TriageRequest = { verb, file: match[1]!, line: Number(match[2]) }
  if (expect !== undefined) request.expect = expect
  if (verb === 'move') {
    if (statusWords.length === 0) throw new UsageError(`move needs FILE:LINE STATUS`)
    request.status = statusWords.join(' ')
  } else if (statusWords.length > 0)
    throw new UsageError(`${verb} takes only FILE:LINE (got "${statusWords.join(' ')}")`)
  return request
}

async function showView(ctx: CommandContext): Promise<ExitCode> {
  const corpus = await loadCorpus(ctx.vault, { cache: ctx.scanCache, logCache: ctx.logCache })
  if (corpus.configFinding) return configInvalid(ctx, corpus.configFinding)
  const view = triageView(corpus.notes)
  ctx.out(ctx.json ? JSON.stringify(view) : formatView(view))
  // Said on stderr: a Track note not read (or not listed, or read with U+FFFD) is not shown as it is.
  const unreadable = corpus.unreadable.filter(finding => finding.file === 'track' || finding.file.startsWith('track/'))
  for (const finding of unreadable) {
    const at = finding.line === undefined ? finding.file : `${finding.file}:${finding.line}`
    ctx.err(`notekeeper: ${at}: ${finding.message}`)
  }
  // SPEC 3: 1 only for an error (a skipped link is a warning).
  return unreadable.some(finding => finding.severity === 'error') ? 1 : 0
}

/** One block per note; each item with its line, ready for `triage promote FILE:LINE`. */
export function formatView(view: TriageView): string {
  if (view.notes.length === 0) return 'No Track notes (track/**/*.adoc).'
  const blocks = view.notes.map(note => {
    // A reduce, not `Math.max(...)`: a Track note of 200,000 items would pass the stack's limit for arguments.
    const width = note.statuses.reduce(
      (most, s) => s.items.reduce((m, i) => Math.max(m, String(i.line).length), most),
      1,
    )
    const lines = [oneLine(note.file)]
    if (note.statuses.length === 0) lines.push('  (no sections)')
    for (const status of note.statuses) {
      lines.push(`  ${oneLine(status.status)} (${status.items.length})`)
      for (const item of status.items) lines.push(`    ${String(item.line).padStart(width)}  ${oneLine(item.text)}`)
    }
    return lines.join('\n')
  })
  return blocks.join('\n\n')
}

export const triageSpec: CommandSpec = {
  name: 'triage',
  summary: 'Track items by status, or one edit of a Track note',
  usage: [
    '[--json]',
    'promote|demote|prune FILE:LINE [--expect TEXT] [--json]',
    'move FILE:LINE STATUS [--expect TEXT] [--create] [--json]',
    'add FILE STATUS TEXT [--create] [--json]',
  ],
  options: {
    expect: { type: 'string', value: 'TEXT', help: "refuse the edit unless the item's text is TEXT" },
    create: { type: 'boolean', help: 'move or add to a status that neither the note nor the ladder has yet' },
  },
  args: { min: 0, max: Number.POSITIVE_INFINITY },
  json: true,
  checkOptions: checkTriageOptions,
  run: triageCommand,
}

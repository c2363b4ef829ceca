import { ConfigInvalidError } from '../app/schedule.js'
import { VaultError } from '../ports/vault.js'
import { parseArgs } from './args.js'
import { backlinksCommand } from './commands/backlinks.js'
import { dueCommand } from './commands/due.js'
import { fsrsCommand } from './commands/fsrs.js'
import { gitCommand } from './commands/git.js'
import { gradeCommand } from './commands/grade.js'
import { hygieneCommand } from './commands/hygiene.js'
import { practiceCommand } from './commands/practice.js'
import { replayCommand } from './commands/replay.js'
import { schedulersCommand } from './commands/schedulers.js'
import { statsCommand } from './commands/stats.js'
import { syncCommand } from './commands/sync.js'
import { triageCommand } from './commands/triage.js'
import { undoCommand } from './commands/undo.js'
import { validateCommand } from './commands/validate.js'
import { type Command, type ExitCode, UsageError } from './context.js'
import { CorpusUnreadableError, nodeContext } from './node-context.js'

const COMMANDS: Record<string, Command> = {
  practice: practiceCommand,
  due: dueCommand,
  grade: gradeCommand,
  undo: undoCommand,
  replay: replayCommand,
  validate: validateCommand,
  hygiene: hygieneCommand,
  triage: triageCommand,
  backlinks: backlinksCommand,
  schedulers: schedulersCommand,
  fsrs: fsrsCommand,
  git: gitCommand,
  sync: syncCommand,
  stats: statsCommand,
}

export const USAGE = `usage: notekeeper <command> [--corpus DIR] [--today YYYY-MM-DD] [--json]

commands:
  practice [--note FILE] [--folder DIR] practise the due items (terminal or piped input)
  due [--note FILE] [--folder DIR] [--json]
                                        list the due items
  grade ID GRADE [--date D]             record one review (again, hard, good, easy)
  undo [ID]                             take back the last review (of ID): the log gains a void line
  replay                                regenerate state.json from the log
  validate [--dry-run] [--json]         check the corpus; regenerate state.json
  hygiene [--online] [--json] [--out FILE]
                                        dead links, near-duplicates, contradictions, dates
  triage [--json]                       Track items by status
  triage promote|demote|prune FILE:LINE [--expect TEXT]
  triage move FILE:LINE STATUS [--expect TEXT]
  triage add FILE STATUS TEXT
  backlinks NOTE[#ANCHOR] [--json]      what refers to a note or an anchor
  schedulers --compare [--days N] [--json]
                                        what each scheduler would make of the log
  schedulers --evaluate [--json]        each scheduler's predictions scored on the log
  schedulers --use NAME [--reschedule]  switch scheduler (config.json); items keep their
                                        due dates unless --reschedule
  fsrs optimize [--write]               fit FSRS weights to the log (written only if better)
  stats [--json]                        reviews, retention, forecast, intervals, leeches
  git setup                             merge drivers for the log and state.json (a git clone)
  sync [--dry-run]                      commit, pull with the drivers, replay, validate, push

exit status: 0 done, no error found; 1 errors found or edit refused; 2 bad usage, unreadable corpus, invalid config`

export interface CliIo {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  stdin: NodeJS.ReadableStream & { isTTY?: boolean }
}

export async function run(
  argv: readonly string[],
  io: CliIo = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin },
): Promise<ExitCode> {
  try {
    const parsed = parseArgs(argv)
    if (parsed.command === null || parsed.command === 'help' || parsed.options.has('help')) {
      io.stdout.write(`${USAGE}\n`)
      return parsed.command === null && !parsed.options.has('help') ? 2 : 0
    }
    const command = COMMANDS[parsed.command]
    if (!command) throw new UsageError(`unknown command "${parsed.command}"`)
    return await command(nodeContext(parsed, io))
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`notekeeper: ${error.message}\n${USAGE}\n`)
      return 2
    }
    if (error instanceof CorpusUnreadableError || error instanceof ConfigInvalidError || error instanceof VaultError) {
      io.stderr.write(`notekeeper: ${error.message}\n`)
      return 2
    }
    throw error
  }
}

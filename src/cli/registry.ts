import type { CommandSpec } from './command.js'
import { backlinksSpec } from './commands/backlinks.js'
import { completionSpec } from './commands/completion.js'
import { dueSpec } from './commands/due.js'
import { fsrsSpec } from './commands/fsrs.js'
import { gitSpec } from './commands/git.js'
import { gradeSpec } from './commands/grade.js'
import { hygieneSpec } from './commands/hygiene.js'
import { practiceSpec } from './commands/practice.js'
import { replaySpec } from './commands/replay.js'
import { schedulersSpec } from './commands/schedulers.js'
import { statsSpec } from './commands/stats.js'
import { syncSpec } from './commands/sync.js'
import { triageSpec } from './commands/triage.js'
import { undoSpec } from './commands/undo.js'
import { validateSpec } from './commands/validate.js'

/** Every command, in the order `notekeeper --help` lists them. Add a command here, one line. */
export const COMMANDS: readonly CommandSpec[] = [
  practiceSpec,
  dueSpec,
  gradeSpec,
  undoSpec,
  replaySpec,
  validateSpec,
  hygieneSpec,
  triageSpec,
  backlinksSpec,
  schedulersSpec,
  fsrsSpec,
  statsSpec,
  gitSpec,
  syncSpec,
  completionSpec(() => COMMANDS),
]

import { debugStack, run } from './main.js'

// The `notekeeper` binary. An unexpected failure (a bug, not a user error) is one line and exit 2;
// NOTEKEEPER_DEBUG=1 adds its stack.

// A reader that stops early (`notekeeper stats | head`) closes the pipe: that is the reader's
// choice, not a failure, so end quietly as other command-line tools do instead of a stack trace.
// A review's line is appended before anything about it is printed, and a stop at any point is
// one the log already survives (SPEC 1.4).
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

run(process.argv.slice(2)).then(
  code => {
    process.exitCode = code
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    const hint = process.env['NOTEKEEPER_DEBUG'] === '1' ? '' : ' (NOTEKEEPER_DEBUG=1 shows where)'
    process.stderr.write(`notekeeper: unexpected error: ${message}${hint}\n${debugStack(error)}`)
    process.exitCode = 2
  },
)

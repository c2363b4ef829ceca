import { debugStack, run } from './main.js'

// The `notekeeper` binary. An unexpected failure (a bug, not a user error) is one line and exit 2;
// NOTEKEEPER_DEBUG=1 adds its stack.
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

import { run } from './main.js'

// The `notekeeper` binary. Unexpected failures (a bug, not a user error) print their stack and exit 2.
run(process.argv.slice(2)).then(
  code => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`notekeeper: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exitCode = 2
  },
)

import { setFlagsFromString } from 'node:v8'
import { plainText } from '../core/terminal-text.js'
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

// The young generation keeps its first size (1 MB a half) instead of doubling up to 16 MB: a
// command holds a corpus for its whole run, so much of what it allocates survives, and V8 grows
// that space on survival, to 32 MB committed that the peak then carries. Measured on 10,000 notes
// and a million reviews (docs/adr/0036): `replay` peaks at 122 MB instead of 150, a first run at
// 133 instead of 157, in the same time within the machine's noise. This one flag is read at each
// growth, so setting it here, after start, takes effect; a Node without it ignores it.
try {
  setFlagsFromString('--semi-space-growth-factor=1')
} catch {
  // A runtime that refuses the flag runs with its own sizes: only the peak differs.
}

run(process.argv.slice(2)).then(
  code => {
    process.exitCode = code
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    const hint = process.env['NOTEKEEPER_DEBUG'] === '1' ? '' : ' (NOTEKEEPER_DEBUG=1 shows where)'
    // Cleaned as every other line (SPEC 3): an error's message may name a file, or quote a note.
    process.stderr.write(plainText(`notekeeper: unexpected error: ${message}${hint}\n${debugStack(error)}`))
    process.exitCode = 2
  },
)

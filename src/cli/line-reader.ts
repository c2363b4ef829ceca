import { createInterface, type Interface } from 'node:readline'

/** Reads one line after showing a prompt; null when the input ended or the user pressed Ctrl-C. */
export type ReadLine = (prompt: string) => Promise<string | null>

/** A line reader and its end: a terminal's reader holds the terminal (raw mode, stdin) until closed. */
export interface LineReader {
  read: ReadLine
  close: () => void
  /**
   * Whether Ctrl-C (SIGINT) ended the input, rather than the input's own end: both read as null,
   * but a person who pressed Ctrl-C should not be told their input ended.
   */
  interrupted: () => boolean
}

/**
 * The terminal's line reader: readline in terminal mode, so the arrow keys move the cursor and
 * Up/Down walk the answers already typed, the prompt stays on the line it asks on, and Ctrl-C
 * ends the input (the command then prints its summary) instead of killing the process.
 */
export function terminalReader(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): LineReader {
  let rl: Interface | null = null
  let ended = false
  let interrupted = false
  let pending: ((line: string | null) => void) | null = null
  const end = () => {
    ended = true
    const resolve = pending
    pending = null
    resolve?.(null)
  }
  const open = (): Interface => {
    if (rl) return rl
    rl = createInterface({ input, output, terminal: true, historySize: 200, removeHistoryDuplicates: true })
    rl.on('SIGINT', () => {
      interrupted = true
      output.write('^C\n')
      rl?.close()
    })
    rl.on('close', end)
    rl.on('line', line => {
      const resolve = pending
      pending = null
      resolve?.(line)
    })
    return rl
  }
  return {
    read: prompt => {
      if (ended) return Promise.resolve(null)
      const reader = open()
      return new Promise(resolve => {
        pending = resolve
        reader.setPrompt(prompt)
        reader.prompt()
      })
    },
    // Without this the open interface keeps stdin, and the process, alive after the session.
    close: () => rl?.close(),
    interrupted: () => interrupted,
  }
}

/**
 * Piped input: lines as they come, each prompt on a line of its own (nothing echoes what was
 * typed, so a prompt left open would run into the next output). A SIGINT ends the input too, so
 * an interrupted run still prints its summary: from the first read to `close`, also while a
 * grade is being written between two reads (it used to be heard only during a read, and one
 * between them killed the process before the summary).
 */
export function pipedReader(lines: () => AsyncIterable<string>, out: (text: string) => void): LineReader {
  let iterator: AsyncIterator<string> | null = null
  let interrupted = false
  let stopPending: (() => void) | null = null
  const onSigint = () => {
    interrupted = true
    stopPending?.()
  }
  let listening = false
  const read: ReadLine = async prompt => {
    if (interrupted) return null
    if (!listening) {
      process.on('SIGINT', onSigint)
      listening = true
    }
    out(prompt)
    iterator ??= lines()[Symbol.asyncIterator]()
    const stop = new Promise<null>(resolve => {
      stopPending = () => resolve(null)
    })
    try {
      const next = await Promise.race([iterator.next(), stop])
      return next === null || next.done ? null : next.value
    } finally {
      stopPending = null
    }
  }
  const close = () => {
    if (listening) process.removeListener('SIGINT', onSigint)
    listening = false
  }
  return { read, close, interrupted: () => interrupted }
}

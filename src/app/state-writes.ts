import { STATE_PATH } from '../core/corpus.js'
import { StateSerializer } from '../core/state.js'
import type { State } from '../core/types.js'
import type { Vault } from '../ports/vault.js'

export interface StateWritesOptions {
  /**
   * Resolves once the next card is on screen: a macrotask by default (the CLI prints the card
   * before it); the review window waits for the next paint.
   */
  afterShown?: () => Promise<void>
}

const nextMacrotask = (): Promise<void> => new Promise(resolve => setTimeout(resolve, 0))

/**
 * state.json written after the frame (ADR 0020, 0024): a practice session asks for a write after each
 * grade, and the write happens once the next card is on screen, coalesced (only the latest state
 * is written when grades come faster than writes). `flush()` waits until what was asked is on
 * disk; the session calls it before it ends, whichever way it ends. state.json is derived data
 * (SPEC 1.5): if the process dies before a flush, the log holds every grade and the next command
 * regenerates the state.
 */
export class StateWrites {
  private readonly afterShown: () => Promise<void>
  private pending: { vault: Vault; state: State } | null = null
  private running: Promise<void> | null = null
  private failure: unknown = null
  /** The text last written by this writer: a write of the same bytes is skipped without reading the file. */
  private written: string | null = null
  private readonly serializer = new StateSerializer()

  constructor(options: StateWritesOptions = {}) {
    this.afterShown = options.afterShown ?? nextMacrotask
  }

  /** Asks for `state` to be written; throws the error of an earlier write that failed. */
  schedule(vault: Vault, state: State): void {
    this.rethrow()
    this.pending = { vault, state }
    this.running ??= this.drain()
  }

  /** Resolves when every state asked for is on disk; rejects with a write's error. */
  async flush(): Promise<void> {
    while (this.running !== null) await this.running
    this.rethrow()
  }

  private async drain(): Promise<void> {
    // Let the caller show the next card first.
    await this.afterShown()
    try {
      while (this.pending !== null) {
        const { vault, state } = this.pending
        this.pending = null
        const text = this.serializer.serialize(state)
        if (text !== this.written) {
          await vault.write(STATE_PATH, text)
          this.written = text
        }
      }
    } catch (error) {
      this.failure = error
      this.pending = null
    } finally {
      this.running = null
    }
  }

  private rethrow(): void {
    if (this.failure === null) return
    const failure = this.failure
    this.failure = null
    throw failure
  }
}

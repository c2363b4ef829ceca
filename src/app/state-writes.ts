import { STATE_PATH } from '../core/corpus.js'
import { StateSerializer } from '../core/state.js'
import type { State } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import { type StateGuard, whileLogIs } from './state-guard.js'

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
 *
 * Each write is made under the writers' lock, only while the log is the one its state was
 * derived from (state-guard.ts): one that another writer's line has overtaken is dropped, since
 * that writer writes a state with both. The session's own grades take turns with these writes
 * (`inTurn`) before they reach the lock, so a grade that comes while the state is being written
 * waits for that write alone, never the lock's retry delays of a writer in another process.
 */
export class StateWrites {
  private readonly afterShown: () => Promise<void>
  private pending: { vault: Vault; state: State; guard: StateGuard } | null = null
  private running: Promise<void> | null = null
  /** The last of the session's lock-taking steps (its grades' appends, these writes), run one after another. */
  private turn: Promise<unknown> = Promise.resolve()
  private failure: unknown = null
  /** The text last written by this writer: a write of the same bytes is skipped without reading the file. */
  private written: string | null = null
  private readonly serializer = new StateSerializer()

  constructor(options: StateWritesOptions = {}) {
    this.afterShown = options.afterShown ?? nextMacrotask
  }

  /**
   * Asks for `state` to be written, while the log is `guard.from` (absent: whatever the log);
   * throws the error of an earlier write that failed.
   */
  schedule(vault: Vault, state: State, guard: StateGuard = {}): void {
    this.rethrow()
    this.pending = { vault, state, guard }
    this.running ??= this.drain()
  }

  /** Runs `step` (a grade's append) once the session's earlier steps and state writes are done. */
  inTurn<T>(step: () => Promise<T>): Promise<T> {
    const run = this.turn.then(step, step)
    this.turn = run.catch(() => undefined)
    return run
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
        const { vault, state, guard } = this.pending
        this.pending = null
        const text = this.serializer.serialize(state)
        if (text === this.written) continue
        // Not written (false): a line was added since, by another writer, or by the session's
        // next grade, whose state is pending by then.
        if (await this.inTurn(() => whileLogIs(vault, guard, () => vault.write(STATE_PATH, text)))) this.written = text
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

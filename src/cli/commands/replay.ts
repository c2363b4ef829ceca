import { loadCorpus } from '../../app/load-corpus.js'
import { writeCorpusState } from '../../app/write-state.js'
import { derivedState } from '../../core/snapshot.js'
import type { CommandSpec } from '../command.js'
import { configInvalid, warnMovedHistories, warnSkippedLines } from '../config-output.js'
import type { Command } from '../context.js'

/** `notekeeper replay`: regenerates state.json from the log and the declared items (SPEC 3). */
export const replayCommand: Command = async ctx => {
  const corpus = await loadCorpus(ctx.vault, { cache: ctx.scanCache, logCache: ctx.logCache })
  if (corpus.configFinding) return configInvalid(ctx, corpus.configFinding)
  warnSkippedLines(ctx, corpus)
  warnMovedHistories(ctx, corpus)
  const state = derivedState(corpus, ctx.today)
  const wrote = await writeCorpusState(ctx.vault, corpus, ctx.today)
  const count = Object.keys(state).length
  if (ctx.json) ctx.out(JSON.stringify({ items: count, scheduler: corpus.config.scheduler, written: wrote }))
  else ctx.out(`state.json: ${count} items under ${corpus.config.scheduler}, ${wrote ? 'written' : 'unchanged'}`)
  return 0
}

export const replaySpec: CommandSpec = {
  name: 'replay',
  summary: 'regenerate state.json from the log',
  usage: ['[--json]'],
  json: true,
  run: replayCommand,
}

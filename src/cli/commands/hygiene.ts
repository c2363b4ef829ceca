import { nodeCacheStore } from '../../adapters/node-cache-store.js'
import { CACHE_FILE, type LinkCacheStore } from '../../app/online-links.js'
import { runHygiene } from '../../app/run-sweep.js'
import { findingsJson, renderAsciiDoc, renderText } from '../../core/report/index.js'
import type { CommandSpec } from '../command.js'
import { configInvalid } from '../config-output.js'
import { type Command, flagString, UsageError } from '../context.js'
import { OUT_MARKER, outTarget } from '../out-path.js'

/** `notekeeper hygiene [--online] [--json] [--out FILE]` (SPEC 2 and 3): a report; writes nothing but `--out`. */
export const hygieneCommand: Command = async ctx => {
  if (ctx.args.length > 0) throw new UsageError(`hygiene takes no arguments (got "${ctx.args.join(' ')}")`)
  const online = ctx.flags.get('online') === true
  if (ctx.flags.has('online') && !online) throw new UsageError('--online takes no value')
  const outOption = flagString(ctx, 'out')
  const force = ctx.flags.get('force') === true
  if (force && outOption === undefined) throw new UsageError('--force applies to --out')
  const out =
    outOption === undefined ? undefined : outTarget(outOption, { cwd: ctx.cwd, corpusDir: ctx.corpusDir, force })

  const result = await runHygiene(ctx.vault, {
    scanCache: ctx.scanCache,
    today: ctx.today,
    online,
    cache: fileLinkCache(ctx.cacheDir),
    corpusName: ctx.corpusDir,
    // On stderr, so that stdout stays the report (or the JSON).
    onProgress: (done, total) => {
      if (done === total || done % 25 === 0) ctx.err(`notekeeper: checking external links: ${done} of ${total}`)
    },
  })
  if (ctx.json) for (const piece of findingsJson(result.findings, result.summary)) ctx.out(piece)
  else ctx.out(renderText(result.report))
  const problem = result.configInvalid ? result.findings[0] : undefined
  if (problem) return configInvalid(ctx, problem)
  if (out !== undefined) {
    await ctx.vault.write(out.path, `${OUT_MARKER}\n${renderAsciiDoc(result.report)}`)
    ctx.err(`notekeeper: report written to ${out.absolute}`)
  }
  return result.summary.errors > 0 ? 1 : 0
}

/**
 * The online answers, in `links.json` under the user's cache folder (never the corpus), through
 * the cache folder's store: a named pipe or a device in its place is no cache (never waited on),
 * and a save is a temporary file renamed over whatever stood there, never a write into it.
 */
export function fileLinkCache(cacheDir: string): LinkCacheStore {
  const store = nodeCacheStore(cacheDir)
  const key = CACHE_FILE.replace(/\.json$/, '')
  return {
    load: () => store.read(key).catch(() => null),
    save: text => store.write(key, text),
  }
}

export const hygieneSpec: CommandSpec = {
  name: 'hygiene',
  summary: 'dead links, near-duplicates, contradictions, stale dates',
  usage: ['[--online] [--json] [--out FILE [--force]]'],
  options: {
    online: { type: 'boolean', help: 'also check external links over the network' },
    out: {
      type: 'string',
      value: 'FILE',
      help: 'also write the report as AsciiDoc to FILE (from the current folder, inside the corpus)',
    },
    force: { type: 'boolean', help: 'let --out replace a file that Notekeeper did not write' },
  },
  json: true,
  run: hygieneCommand,
}

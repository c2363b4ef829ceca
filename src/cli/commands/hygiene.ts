import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runHygiene } from '../../app/hygiene.js'
import { CACHE_FILE, type LinkCacheStore } from '../../app/online-links.js'
import { topFolder } from '../../core/corpus.js'
import { joinInsideCorpus } from '../../core/links/paths.js'
import { renderAsciiDoc, renderText } from '../../core/report/index.js'
import type { CommandSpec } from '../command.js'
import { type Command, flagString, UsageError } from '../context.js'

/** `notekeeper hygiene [--online] [--json] [--out FILE]` (SPEC 2 and 3): a report; writes nothing but `--out`. */
export const hygieneCommand: Command = async ctx => {
  if (ctx.args.length > 0) throw new UsageError(`hygiene takes no arguments (got "${ctx.args.join(' ')}")`)
  const online = ctx.flags.get('online') === true
  if (ctx.flags.has('online') && !online) throw new UsageError('--online takes no value')
  const outOption = flagString(ctx, 'out')
  const out = outOption === undefined ? undefined : reportPath(outOption)

  const result = await runHygiene(ctx.vault, {
    today: ctx.today,
    online,
    cache: fileLinkCache(ctx.cacheDir),
    corpusName: ctx.corpusDir,
  })
  if (ctx.json) ctx.out(JSON.stringify({ findings: result.findings, summary: result.summary }, null, 2))
  else ctx.out(renderText(result.report))
  if (result.configInvalid) {
    ctx.err(`notekeeper: ${result.findings[0]?.message ?? 'config.json is invalid'}; nothing written`)
    return 2
  }
  if (out !== undefined) {
    await ctx.vault.write(out, renderAsciiDoc(result.report))
    ctx.err(`report written to ${out}`)
  }
  return result.summary.errors > 0 ? 1 : 0
}

/**
 * `--out` is a path from the corpus root, outside the notes folders: a report page there would
 * itself become a note and be swept, validated and linked to. Refused (exit 2) otherwise.
 */
export function reportPath(option: string): string {
  const path = joinInsideCorpus('', option.replace(/\\/g, '/'))
  if (path === null) throw new UsageError(`--out ${option}: must be a path inside the corpus folder`)
  if (topFolder(path) !== null)
    throw new UsageError(
      `--out ${option}: must not be inside internalise/, reference/ or track/ (the report would become a note)`,
    )
  if (path.split('/').some(segment => segment.startsWith('.')))
    throw new UsageError(`--out ${option}: must not be in a hidden folder`)
  return path
}

/** The online answers, in `links.json` under the user's cache folder (never the corpus). */
export function fileLinkCache(cacheDir: string): LinkCacheStore {
  const file = join(cacheDir, CACHE_FILE)
  return {
    load: () => readFile(file, 'utf8').catch(() => null),
    save: async text => {
      await mkdir(cacheDir, { recursive: true })
      await writeFile(file, text)
    },
  }
}

export const hygieneSpec: CommandSpec = {
  name: 'hygiene',
  summary: 'dead links, near-duplicates, contradictions, stale dates',
  usage: ['[--online] [--json] [--out FILE]'],
  options: {
    online: { type: 'boolean', help: 'also check external links over the network' },
    out: { type: 'string', value: 'FILE', help: 'also write the report as AsciiDoc to FILE' },
  },
  json: true,
  run: hygieneCommand,
}

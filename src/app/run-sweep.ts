import { applyIgnore, capRanked, type Summary, sortFindings, summarize } from '../core/findings.js'
import { hygieneWithExternal } from '../core/hygiene/index.js'
import { buildReport, lineLookup, type Report } from '../core/report/index.js'
import type { Finding, IsoDate } from '../core/types.js'
import type { Vault } from '../ports/vault.js'
import { loadCorpus } from './load-corpus.js'
import { readNoteTexts } from './note-texts.js'
import { type FetchLike, type LinkCacheStore, onlineDeadLinks } from './online-links.js'
import type { ScanCache } from './scan-cache.js'

export interface HygieneOptions {
  today: IsoDate
  /** Check external http(s) links too. Without it, no request is made at all. */
  online: boolean
  /** Where online answers are remembered (the CLI's cache folder); none: nothing remembered. */
  cache?: LinkCacheStore
  /** The note models of earlier loads (scan-cache.ts). */
  scanCache?: ScanCache
  fetch?: FetchLike
  now?: () => number
  timeoutMs?: number
  /** Progress of the online check (URLs asked, of how many). */
  onProgress?: (done: number, total: number) => void
  /** Shown in the report; the CLI passes today's date so that two runs give the same page. */
  generatedAt?: string
  /** How the report names the corpus (a folder, a graph). */
  corpusName?: string
}

export interface HygieneResult {
  findings: Finding[]
  ignored: Finding[]
  summary: Summary
  report: Report
  /** True when config.json is invalid: the only finding is `config-invalid` and the CLI exits 2. */
  configInvalid: boolean
}

/** The hygiene sweep (SPEC 2): writes nothing. */
export async function runHygiene(vault: Vault, options: HygieneOptions): Promise<HygieneResult> {
  const corpus = await loadCorpus(vault, options.scanCache ? { cache: options.scanCache } : {})
  // The sweep compares prose: the one operation that reads every note's text.
  const texts = await readNoteTexts(
    vault,
    corpus.notes.map(note => note.path),
  )
  const lineText = lineLookup(texts)
  const finish = (found: Finding[], ignored: Finding[], configInvalid: boolean): HygieneResult => {
    // The cap comes after the ignore list, so that dismissing a candidate lets the next one in.
    const { shown: findings, omitted } = capRanked(found)
    const summary = summarize(findings, ignored.length, omitted)
    const report = buildReport({
      title: 'Hygiene sweep',
      corpus: options.corpusName ?? vault.description,
      generatedAt: options.generatedAt ?? options.today,
      findings,
      summary,
      lineText,
    })
    return { findings, ignored, summary, report, configInvalid }
  }
  if (corpus.configFinding) return finish([corpus.configFinding], [], true)

  const offline = hygieneWithExternal({
    notes: corpus.notes,
    files: corpus.files,
    texts,
    config: corpus.config,
    today: options.today,
    ...(corpus.notRead ? { notRead: corpus.notRead } : {}),
  })
  const found = [...corpus.unreadable, ...offline.findings]
  if (options.online && offline.external.length > 0) {
    const fetch = options.fetch ?? (globalThis.fetch as FetchLike)
    const onlineOptions = {
      fetch,
      ...(options.cache && { cache: options.cache }),
      ...(options.now && { now: options.now }),
      ...(options.timeoutMs && { timeoutMs: options.timeoutMs }),
      ...(options.onProgress && { onProgress: options.onProgress }),
    }
    found.push(...(await onlineDeadLinks(offline.external, onlineOptions)))
  }
  const { kept, ignored } = applyIgnore(sortFindings(found), corpus.config.hygiene.ignore)
  return finish(kept, ignored, false)
}

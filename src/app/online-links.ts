import type { ExternalReference } from '../core/hygiene/index.js'
import type { Finding } from '../core/types.js'

// The only part of the sweep that goes on the network, and only with `--online`. Bounded
// concurrency so that a corpus with 2,000 links does not open 2,000 sockets; a timeout per
// request so that one dead host cannot hold the sweep; HEAD first (cheap), GET when the server
// refuses HEAD; answers remembered for a day so that a second sweep asks nobody again.

export const MAX_CONCURRENCY = 8
export const CACHE_TTL_MS = 24 * 60 * 60 * 1000
export const CACHE_FILE = 'links.json'

export type FetchLike = (
  url: string,
  init: { method: string; signal: AbortSignal; redirect: 'follow' },
) => Promise<{ status: number; body?: { cancel(): Promise<void> } | null }>

/** Where answers are kept between runs: the user's cache folder for the CLI, never the corpus. */
export interface LinkCacheStore {
  load(): Promise<string | null>
  save(text: string): Promise<void>
}

export interface LinkCheck {
  url: string
  /** The HTTP status, or null when no answer came (network error, timeout). */
  status: number | null
  alive: boolean
  error?: string
  /** The system error under a failed request (`ENOTFOUND`, `EAI_AGAIN`, `ENETUNREACH`, ...). */
  code?: string
  /** True when the answer came from the cache, not from the network today. */
  cached?: boolean
}

export interface OnlineOptions {
  fetch: FetchLike
  cache?: LinkCacheStore
  now?: () => number
  concurrency?: number
  timeoutMs?: number
  /** Called after each URL asked on the network (the CLI shows it on stderr). */
  onProgress?: (done: number, total: number) => void
}

interface CacheEntry {
  status: number
  checkedAt: number
}

/** Checks each distinct http(s) URL once; cached answers younger than a day are reused. */
export async function checkUrls(urls: readonly string[], options: OnlineOptions): Promise<Map<string, LinkCheck>> {
  const now = options.now ?? Date.now
  const cache = await loadCache(options.cache)
  const results = new Map<string, LinkCheck>()
  const pending: string[] = []
  for (const url of new Set(urls)) {
    const cached = cache[url]
    if (cached && now() - cached.checkedAt < CACHE_TTL_MS)
      results.set(url, { url, status: cached.status, alive: isAlive(cached.status), cached: true })
    else pending.push(url)
  }
  const workers = Math.max(1, Math.min(options.concurrency ?? MAX_CONCURRENCY, MAX_CONCURRENCY))
  let next = 0
  let asked = 0
  const worker = async () => {
    while (next < pending.length) {
      const url = pending[next++] as string
      const check = await checkOne(url, options.fetch, options.timeoutMs ?? 10_000)
      results.set(url, check)
      options.onProgress?.(++asked, pending.length)
      // Only a real answer is remembered: a timeout today says nothing about tomorrow.
      if (check.status !== null && check.status !== 429) cache[url] = { status: check.status, checkedAt: now() }
    }
  }
  await Promise.all(Array.from({ length: Math.min(workers, pending.length) }, worker))
  if (options.cache && pending.length > 0) await options.cache.save(`${JSON.stringify(cache, null, 2)}\n`)
  return results
}

/** `dead-link` findings (`missing: "url"`) for the external references whose URL did not answer well. */
export async function onlineDeadLinks(
  external: readonly ExternalReference[],
  options: OnlineOptions,
): Promise<Finding[]> {
  const checks = await checkUrls(
    external.map(ref => ref.url),
    options,
  )
  const findings: Finding[] = []
  const unreachable = networkUnreachable(external, checks)
  if (unreachable) findings.push(unreachable)
  for (const ref of external) {
    const check = checks.get(ref.url)
    if (!check || check.alive || check.status === 429) continue
    // Without a network, an unanswered link says nothing about the link.
    if (unreachable && check.status === null) continue
    const why = check.status === null ? `no answer (${check.error ?? 'network error'})` : `HTTP ${check.status}`
    findings.push({
      rule: 'dead-link',
      severity: 'error',
      file: ref.file,
      line: ref.line,
      message: `${ref.url}: ${why}`,
      target: ref.target,
      missing: 'url',
      status: check.status,
    })
  }
  return findings
}

/** Error codes that mean this machine cannot reach the network, whatever the link. */
const NETWORK_CODES = new Set(['ENETUNREACH', 'ENETDOWN', 'EHOSTUNREACH', 'EAI_AGAIN', 'EAI_FAIL'])

/**
 * One `network-unreachable` finding when not a single URL asked today got an answer and either an
 * error says the network is down or the failures span several hosts: N `dead-link` errors would
 * blame the notes for the machine's network. Null when any answer came back.
 */
function networkUnreachable(external: readonly ExternalReference[], checks: Map<string, LinkCheck>): Finding | null {
  const asked = [...checks.values()].filter(check => !check.cached)
  if (asked.length === 0 || asked.some(check => check.status !== null)) return null
  const hosts = new Set(asked.map(check => hostOf(check.url)))
  if (!asked.some(check => NETWORK_CODES.has(check.code ?? '')) && hosts.size < 2) return null
  const first = external.find(ref => checks.get(ref.url)?.cached !== true)
  const sample = asked[0]
  return {
    rule: 'network-unreachable',
    severity: 'warning',
    file: first?.file ?? '',
    ...(first && { line: first.line }),
    message: `none of ${asked.length} external links on ${hosts.size} host${hosts.size === 1 ? '' : 's'} answered (${sample?.code ?? sample?.error ?? 'no answer'}): the network looks unreachable, so no link was marked dead; run again online`,
    checked: asked.length,
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

async function checkOne(url: string, fetch: FetchLike, timeoutMs: number): Promise<LinkCheck> {
  try {
    let status = await request(fetch, url, 'HEAD', timeoutMs)
    // 405/501: the server does not do HEAD; some answer 403 or 404 to HEAD alone. Ask properly.
    if (status === 405 || status === 501 || status === 403 || status === 404)
      status = await request(fetch, url, 'GET', timeoutMs)
    return { url, status, alive: isAlive(status) }
  } catch (error) {
    const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined
    const code = typeof cause?.code === 'string' ? cause.code : undefined
    const message = error instanceof Error ? error.message : String(error)
    return { url, status: null, alive: false, error: code ? `${message}: ${code}` : message, ...(code && { code }) }
  }
}

async function request(fetch: FetchLike, url: string, method: string, timeoutMs: number): Promise<number> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs)
  try {
    const response = await fetch(url, { method, signal: controller.signal, redirect: 'follow' })
    // The status is all we need: do not download the page.
    await response.body?.cancel().catch(() => undefined)
    return response.status
  } catch (error) {
    if (controller.signal.aborted) throw new Error(`timed out after ${timeoutMs} ms`)
    throw error
  } finally {
    clearTimeout(timer)
  }
}

function isAlive(status: number): boolean {
  return status >= 200 && status < 400
}

async function loadCache(store: LinkCacheStore | undefined): Promise<Record<string, CacheEntry>> {
  const text = store ? await store.load().catch(() => null) : null
  if (text === null) return {}
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
    const entries: Record<string, CacheEntry> = {}
    for (const [url, value] of Object.entries(parsed as Record<string, unknown>)) {
      const entry = value as Partial<CacheEntry> | null
      if (entry && typeof entry.status === 'number' && typeof entry.checkedAt === 'number')
        entries[url] = { status: entry.status, checkedAt: entry.checkedAt }
    }
    return entries
  } catch {
    // A damaged cache is only a cache: start again.
    return {}
  }
}

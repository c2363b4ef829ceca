import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { checkUrls, type FetchLike, type LinkCacheStore } from '../../src/app/online-links.js'
import { runHygiene } from '../../src/app/run-sweep.js'

// A local server only (127.0.0.1): never the network.
let server: Server
let base = ''
let inFlight = 0
let maxInFlight = 0
const seen: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`)
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    let open = true
    // A request the client gave up on (the timeout test) is no longer in flight.
    response.on('close', () => {
      if (open) inFlight--
      open = false
    })
    const done = (status: number) => {
      if (!open) return
      open = false
      inFlight--
      response.writeHead(status).end(request.method === 'GET' ? 'body' : undefined)
    }
    const url = request.url ?? '/'
    if (url.startsWith('/slow')) return void setTimeout(() => done(200), 3_000)
    if (url.startsWith('/no-head')) return done(request.method === 'HEAD' ? 405 : 200)
    if (url.startsWith('/gone')) return done(404)
    if (url.startsWith('/wait')) return void setTimeout(() => done(200), 30)
    done(200)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise(resolve => server.close(resolve))
})

const realFetch = globalThis.fetch as FetchLike
function memoryCache(): LinkCacheStore & { text: string | null } {
  const store = {
    text: null as string | null,
    load: async () => store.text,
    save: async (text: string) => void (store.text = text),
  }
  return store
}

describe('online link check', () => {
  it('falls back to GET when the server refuses HEAD, and reports a 404', async () => {
    seen.length = 0
    const results = await checkUrls([`${base}/no-head`, `${base}/gone`, `${base}/ok`], { fetch: realFetch })
    expect(results.get(`${base}/no-head`)).toMatchObject({ status: 200, alive: true })
    expect(results.get(`${base}/gone`)).toMatchObject({ status: 404, alive: false })
    expect(results.get(`${base}/ok`)).toMatchObject({ status: 200, alive: true })
    expect(seen).toContain('HEAD /no-head')
    expect(seen).toContain('GET /no-head')
    expect(seen.filter(s => s.endsWith('/ok'))).toEqual(['HEAD /ok'])
  })

  it('gives up on a request that takes longer than the timeout', async () => {
    const results = await checkUrls([`${base}/slow`], { fetch: realFetch, timeoutMs: 200 })
    expect(results.get(`${base}/slow`)).toMatchObject({ status: null, alive: false })
    expect(results.get(`${base}/slow`)?.error).toContain('timed out')
  })

  it('never has more than 8 requests in flight', async () => {
    maxInFlight = 0
    const urls = Array.from({ length: 40 }, (_, i) => `${base}/wait/${i}`)
    const results = await checkUrls(urls, { fetch: realFetch, concurrency: 50 })
    expect([...results.values()].every(r => r.alive)).toBe(true)
    expect(maxInFlight).toBeGreaterThan(1)
    expect(maxInFlight).toBeLessThanOrEqual(8)
  })

  it('asks nobody again within a day, and asks again after', async () => {
    const cache = memoryCache()
    let clock = Date.UTC(2026, 10, 30)
    const now = () => clock
    seen.length = 0
    await checkUrls([`${base}/ok`, `${base}/gone`], { fetch: realFetch, cache, now })
    expect(seen).toHaveLength(3) // HEAD /ok, HEAD /gone, GET /gone
    seen.length = 0
    const second = await checkUrls([`${base}/ok`, `${base}/gone`], { fetch: realFetch, cache, now })
    expect(seen).toEqual([])
    expect(second.get(`${base}/gone`)).toMatchObject({ status: 404, alive: false })
    clock += 25 * 60 * 60 * 1000
    await checkUrls([`${base}/ok`], { fetch: realFetch, cache, now })
    expect(seen).toEqual(['HEAD /ok'])
  })
})

describe('hygiene sweep and the network', () => {
  const corpus = () =>
    memoryVault({
      'reference/web.adoc': `= Web\n:intent: reference\n:source: x\n:updated: 2026-11-01\n\nAlive: ${base}/ok[ok]\nDead: link:${base}/gone[gone]\n`,
    })

  it('makes no request at all without --online', async () => {
    const throwing: FetchLike = () => {
      throw new Error('no request may be made offline')
    }
    const result = await runHygiene(corpus(), { today: '2026-11-30', online: false, fetch: throwing })
    expect(result.findings.filter(f => f.rule === 'dead-link')).toEqual([])
  })

  it('reports a dead external link with --online', async () => {
    const result = await runHygiene(corpus(), {
      today: '2026-11-30',
      online: true,
      fetch: realFetch,
      cache: memoryCache(),
    })
    expect(result.findings.filter(f => f.rule === 'dead-link')).toEqual([
      {
        rule: 'dead-link',
        severity: 'error',
        file: 'reference/web.adoc',
        line: 7,
        message: `${base}/gone: HTTP 404`,
        target: `${base}/gone`,
        missing: 'url',
        status: 404,
      },
    ])
    expect(result.summary.errors).toBe(1)
  })

  it('without a network: one network-unreachable warning, not a dead link per URL; progress reported', async () => {
    const offline: FetchLike = async () => {
      throw new TypeError('fetch failed', { cause: { code: 'EAI_AGAIN' } })
    }
    const progress: number[] = []
    const result = await runHygiene(
      memoryVault({
        'reference/web.adoc':
          '= Web\n:intent: reference\n:source: x\n:updated: 2026-11-01\n\nhttps://a.example/x[a] https://b.example/y[b]\n',
      }),
      { today: '2026-11-30', online: true, fetch: offline, onProgress: done => progress.push(done) },
    )
    expect(result.findings.map(f => [f.rule, f.severity, f.file, f.line])).toEqual([
      ['network-unreachable', 'warning', 'reference/web.adoc', 6],
    ])
    expect(result.findings[0]?.message).toMatch(/^none of 2 external links on 2 hosts answered \(EAI_AGAIN\)/)
    expect(result.summary.errors).toBe(0)
    expect(progress).toEqual([1, 2])
  })

  it('a host that does not exist, beside links that answer, is still a dead link', async () => {
    const result = await runHygiene(
      memoryVault({
        'reference/web.adoc': `= Web\n:intent: reference\n:source: x\n:updated: 2026-11-01\n\n${base}/ok[ok] http://no-such-host.invalid/x[x]\n`,
      }),
      { today: '2026-11-30', online: true, fetch: realFetch },
    )
    expect(result.findings.map(f => f.rule)).toEqual(['dead-link'])
    expect(result.findings[0]?.message).toMatch(/^http:\/\/no-such-host\.invalid\/x: no answer/)
  })
})

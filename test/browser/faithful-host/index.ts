import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, extname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core'
import { type BridgeWorld, bridgeAction, type Line } from './bridge.js'

export type { Line } from './bridge.js'

/**
 * The faithful host (README.md here): serves a built plugin inside a Logseq-like parent page
 * that speaks the SDK's real protocol, with the Electron bridge over a real temporary folder.
 *
 *   const host = await startFaithfulHost(distDir)
 *   const s = await host.open(browser, { line: '2.x', corpus, today: '2026-12-05' })
 *   await s.slash('practice'); await s.plugin.getByTestId('answer').fill('…')
 *   s.files(); await s.state(); await s.close()
 *   await host.close()
 */

export const LINES: readonly Line[] = ['0.10', '2.x']

export interface HostScenario {
  line: Line
  /** Corpus-relative path → text, written to a fresh folder the bridge serves. */
  corpus: Record<string, string>
  /** The user's calendar day (the page clock starts at 05:00 UTC that day and runs on). */
  today: string
  theme?: 'light' | 'dark'
  /** The graph's `:preferred-format` (0.10 file graphs; 2.x DB graphs are Markdown only). */
  preferredFormat?: 'markdown' | 'org'
  /** Plugin settings the host already holds (corpusPath defaults to the corpus folder). */
  settings?: Record<string, unknown>
  /** The notes on another file system than ~/.logseq (a rename between them fails: EXDEV). */
  crossDevice?: boolean
  /** Corpus-relative paths the host process cannot read. */
  unreadable?: string[]
  /** false: no Electron bridge in the host page (a plain browser host). */
  bridge?: boolean
  viewport?: { width: number; height: number }
}

/** What the host page records (host-page.js `rec`). */
export interface HostState {
  line: Line
  handshake: boolean
  ready: boolean
  slash: Record<string, unknown[]>
  commands: Record<string, { key: string; label: string; type: string; keybinding?: unknown }>
  hooks: string[]
  toolbar: Record<string, string>
  msgs: { text: string; status: string }[]
  styles: string[]
  injected: Record<string, string>
  pages: Record<string, HostPage>
  editing: string | null
  route: string | null
  mainUI: boolean
  settingsChanges: number
  settingsSchema: unknown[] | null
  unknownCalls: string[]
  apiCalls: string[]
  /** The frame's creation and load, each API call (`api:name`) and bridge action (`bridge:action`), in page ms. */
  timeline: { at: number; what: string }[]
  modelCalls: string[]
  unloaded: boolean
  editorInFlight: number
  editorMaxInFlight: number
  /** Whether the plugin's main UI was still shown when its beforeunload handler had answered. */
  mainUIAtUnload: boolean | null
}
export interface HostBlock {
  uuid: string
  content: string
  children: HostBlock[]
}
export interface HostPage {
  name: string
  originalName: string
  /** 0.10: the page's format (its file's); 2.x: always markdown. */
  format: 'markdown' | 'org'
  /** 2.x: the namespace parent's name, for a page created as `parent/child`. */
  parent: string | null
  blocks: HostBlock[]
}

export interface HostSession {
  readonly page: Page
  /** The plugin's own iframe (its main UI). */
  readonly plugin: Frame
  readonly corpusDir: string
  readonly dotDir: string
  /** Bridge actions the plugin asked for. */
  readonly bridgeLog: string[][]
  /** The corpus folder as it is on disk now. */
  files(): Record<string, string>
  state(): Promise<HostState>
  /** Waits until the host has shown a message matching. */
  message(pattern: RegExp): Promise<string>
  slash(name: string): Promise<void>
  command(key: string): Promise<void>
  macro(args: string[]): Promise<string>
  settings(next: Record<string, unknown>): Promise<void>
  theme(mode: 'light' | 'dark'): Promise<void>
  /** Clicks the plugin's toolbar item in the host page, as a user does; on the text given, if any. */
  clickToolbar(text?: string): Promise<void>
  /** Logseq's unload: beforeunload to the plugin, then the frame and its injected UI removed. */
  unload(): Promise<void>
  close(): Promise<void>
}

export interface FaithfulHost {
  url: string
  open(browser: Browser, scenario: HostScenario): Promise<HostSession>
  close(): Promise<void>
}

const here = dirname(fileURLToPath(import.meta.url))
const checkout = resolve(here, '../../..')
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
}

// The header's Search button stands for the focusable controls of Logseq's own page around the
// plugin frame (src/main/frontend/components/header.cljs: search, sidebar toggles, menus): the
// frame covers the window, but Tab can still leave it for them.
function hostHtml(config: object): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Logseq (faithful host)</title>
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; }
  #head { display: flex; gap: 8px; align-items: center; height: 45px; padding: 0 12px; border-bottom: 1px solid #ccc; }
  #toolbar { display: flex; gap: 4px; margin-left: auto; }
  .lsp-iframe-sandbox-container { display: none; }
  .lsp-iframe-sandbox-container.visible { display: block; position: fixed; inset: 0; z-index: 99; }
  .lsp-iframe-sandbox-container iframe { width: 100%; height: 100%; border: 0; }
</style>
<script>window.__hostConfig = ${JSON.stringify(config).replace(/</g, '\\u003c')}</script>
<script src="/vendor/purify.js"></script>
</head><body>
<div id="head"><strong>Logseq</strong><button id="search" type="button">Search</button><div id="toolbar"></div></div>
<div id="blocks"></div>
<script src="/host-page.js"></script>
</body></html>`
}

function readTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (folder: string) => {
    if (!existsSync(folder)) return
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) walk(path)
      else out[relative(dir, path).split(sep).join('/')] = readFileSync(path, 'utf8')
    }
  }
  walk(dir)
  return out
}

export async function startFaithfulHost(distDir: string): Promise<FaithfulHost> {
  const worlds = new Map<string, { world: BridgeWorld; html: string }>()
  let next = 0
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
      response.end(body)
    }
    const session = url.pathname.match(/^\/s(\d+)\//)?.[1]
    const entry = session ? worlds.get(session) : undefined
    const path = session ? url.pathname.slice(`/s${session}`.length) : url.pathname
    if (path === '/host-page.js') return send(200, TYPES['.js']!, readFileSync(join(here, 'host-page.js')))
    if (path === '/vendor/purify.js')
      return send(200, TYPES['.js']!, readFileSync(join(checkout, 'node_modules/dompurify/dist/purify.min.js')))
    if (entry && path === '/index.html') return send(200, TYPES['.html']!, entry.html)
    if (entry && path === '/bridge' && request.method === 'POST') {
      let body = ''
      request.on('data', chunk => {
        body += chunk
      })
      request.on('end', () => {
        const { args } = JSON.parse(body) as { args: unknown[] }
        send(200, TYPES['.json']!, JSON.stringify(bridgeAction(entry.world, args)))
      })
      return
    }
    if (path.startsWith('/plugin/')) {
      const file = resolve(distDir, decodeURIComponent(path.slice('/plugin/'.length)))
      if (file.startsWith(resolve(distDir)) && existsSync(file) && statSync(file).isFile())
        return send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file))
    }
    send(404, 'text/plain', 'not found')
  })
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  const base = `http://127.0.0.1:${port}`
  const temps: string[] = []

  async function open(browser: Browser, scenario: HostScenario): Promise<HostSession> {
    const id = String(++next)
    const root = mkdtempSync(join(tmpdir(), 'notekeeper-host-'))
    temps.push(root)
    const corpusDir = join(root, 'notes')
    const dotDir = join(root, 'home/.logseq')
    mkdirSync(corpusDir, { recursive: true })
    mkdirSync(dotDir, { recursive: true })
    for (const [path, text] of Object.entries(scenario.corpus)) {
      mkdirSync(dirname(join(corpusDir, path)), { recursive: true })
      writeFileSync(join(corpusDir, path), text)
    }
    const world: BridgeWorld = {
      line: scenario.line,
      dotDir,
      unreadable: new Set((scenario.unreadable ?? []).map(p => resolve(corpusDir, p))),
      crossDevice: scenario.crossDevice ?? false,
      log: [],
    }
    const config = {
      pid: 'notekeeper',
      line: scenario.line,
      theme: scenario.theme ?? 'light',
      preferredFormat: scenario.line === '0.10' ? (scenario.preferredFormat ?? 'markdown') : 'markdown',
      pluginUrl: `${base}/s${id}/plugin/index.html`,
      graphPath: corpusDir,
      bridge: scenario.bridge ?? true,
      settings: { corpusPath: corpusDir, ...scenario.settings },
    }
    worlds.set(id, { world, html: hostHtml(config) })

    const context: BrowserContext = await browser.newContext({
      viewport: scenario.viewport ?? { width: 1000, height: 860 },
    })
    await context.clock.install({ time: new Date(`${scenario.today}T05:00:00Z`) })
    const page = await context.newPage()
    page.on('pageerror', error => console.warn('host page error:', error.message, error.stack, JSON.stringify(error)))
    page.on('dialog', dialog => void dialog.dismiss())
    await page.goto(`${base}/s${id}/index.html`)
    await page.waitForFunction(() => (window as unknown as { __host?: { ready: boolean } }).__host?.ready === true)
    const plugin = page.frame({ url: /\/plugin\/index\.html/ })
    if (!plugin) throw new Error('the plugin frame did not load')

    const act = <T>(name: string, ...args: unknown[]): Promise<T> =>
      page.evaluate(
        ([n, a]) =>
          (window as unknown as { __hostActions: Record<string, (...x: unknown[]) => unknown> }).__hostActions[
            n as string
          ]!(...(a as unknown[])) as T,
        [name, args] as const,
      )
    const state = () => page.evaluate(() => (window as unknown as { __host: HostState }).__host)

    return {
      page,
      plugin,
      corpusDir,
      dotDir,
      bridgeLog: world.log,
      files: () => readTree(corpusDir),
      state,
      async message(pattern) {
        const handle = await page.waitForFunction(
          source => {
            const re = new RegExp(source)
            const msgs = (window as unknown as { __host: HostState }).__host.msgs
            return msgs.find(m => re.test(m.text))?.text ?? null
          },
          pattern.source,
          { timeout: 60_000 },
        )
        return (await handle.jsonValue()) as string
      },
      slash: name => act('slash', name),
      command: key => act('command', key),
      macro: args => act('macro', args),
      settings: next => act('settings', next),
      theme: mode => act('theme', mode),
      clickToolbar: text => {
        const item = page.locator('#toolbar [data-on-click]').first()
        return (text === undefined ? item : item.getByText(text, { exact: true })).click()
      },
      unload: () => act('unload'),
      async close() {
        await context.close()
        worlds.delete(id)
      },
    }
  }

  return {
    url: base,
    open,
    async close() {
      await new Promise<void>(done => server.close(() => done()))
      for (const dir of temps) rmSync(dir, { recursive: true, force: true })
    },
  }
}

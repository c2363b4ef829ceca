import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, relative, sep } from 'node:path'

/**
 * Serves a built plugin and a harness page over 127.0.0.1. The harness page is the built
 * index.html with one classic script put first in <head>: it runs before the plugin's module
 * script and sets `window.__notekeeperHarness` (a recording fake of the PluginHost, an in-memory
 * vault holding the corpus, a fixed today), which index.ts picks up instead of the Logseq SDK.
 * `window.__nk` gives the test the recordings: pages and their blocks, messages, files.
 */

export const CHROMIUM = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export interface Scenario {
  corpus: Record<string, string>
  today: string
  theme: 'light' | 'dark'
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
}

export function readCorpus(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) walk(path)
      else files[relative(dir, path).split(sep).join('/')] = readFileSync(path, 'utf8')
    }
  }
  walk(dir)
  return files
}

function harnessScript(scenario: Scenario): string {
  return `(() => {
  const files = new Map(Object.entries(${JSON.stringify(scenario.corpus)}))
  const vault = {
    description: 'test vault (memory)',
    async list() { return [...files.keys()].sort() },
    async read(path) { return files.has(path) ? files.get(path) : null },
    async write(path, text) { files.set(path, text) },
    async append(path, text) { files.set(path, (files.get(path) ?? '') + text) },
    async remove(path) { files.delete(path) },
  }
  const rec = { injected: {}, slash: {}, palette: {}, shortcuts: [], toolbar: {}, msgs: [], pages: {}, mainUI: false, models: {}, slots: [], macro: null }
  let counter = 0
  const uuid = () => 'block-' + (++counter)
  const tree = (block) => ({ uuid: uuid(), content: block.content, children: (block.children ?? []).map(tree) })
  const find = (blocks, id) => { for (const b of blocks) { if (b.uuid === id) return b; const hit = find(b.children, id); if (hit) return hit } return null }
  const host = {
    settings: () => ({ corpusPath: '', theme: 'follow' }),
    useSettingsSchema(schema) { rec.schema = schema },
    onSettingsChanged() {},
    showMsg(text, status) { rec.msgs.push({ text, status }) },
    showMainUI() { rec.mainUI = true },
    hideMainUI() { rec.mainUI = false },
    provideModel(model) { Object.assign(rec.models, model) },
    provideStyle() {},
    provideSlotUI(key, slot, template) { rec.slots.push({ key, slot, template }) },
    provideUIAt(key, selector, template) { rec.injected[key] = template },
    registerSlashCommand(name, action) { rec.slash[name] = action },
    registerCommandPalette(spec, action) { rec.palette[spec.key] = action },
    registerCommandShortcut(binding) { rec.shortcuts.push(binding) },
    registerToolbarItem(key, template) { rec.toolbar[key] = template },
    onMacroRendererSlotted(listener) { rec.macro = listener },
    themeMode: async () => ${JSON.stringify(scenario.theme)},
    onThemeModeChanged() {},
    ensurePage: async (name) => { rec.pages[name] ??= [] },
    pageTopBlocks: async (name) => (rec.pages[name] ?? []).map((b) => ({ uuid: b.uuid })),
    removeBlock: async (id) => { for (const name in rec.pages) rec.pages[name] = rec.pages[name].filter((b) => b.uuid !== id) },
    appendBlockInPage: async (page, content) => { const block = { uuid: uuid(), content, children: [] }; rec.pages[page].push(block); return { uuid: block.uuid } },
    insertChildren: async (parent, blocks) => {
      for (const name in rec.pages) { const target = find(rec.pages[name], parent); if (target) { target.children.push(...blocks.map(tree)); return } }
      throw new Error('no block ' + parent)
    },
  }
  window.__notekeeperHarness = { host, vault, today: ${JSON.stringify(scenario.today)} }
  window.__nk = { rec, files }
})()
`
}

export interface HarnessServer {
  url: string
  /** Sets what the next harness page load gets. */
  scenario(next: Scenario): void
  close(): Promise<void>
}

export async function serveHarness(distDir: string): Promise<HarnessServer> {
  let current: Scenario | null = null
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
    if (path === '/harness.js' && current) {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' })
      response.end(harnessScript(current))
      return
    }
    if (path === '/harness.html') {
      const html = readFileSync(join(distDir, 'index.html'), 'utf8').replace(
        '<head>',
        '<head>\n    <script src="./harness.js"></script>',
      )
      response.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' })
      response.end(html)
      return
    }
    const file = join(distDir, path)
    if (!file.startsWith(distDir) || !existsSync(file) || statSync(file).isDirectory()) {
      response.writeHead(404)
      response.end('not found')
      return
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    response.end(readFileSync(file))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    scenario: next => {
      current = next
    },
    close: () => new Promise(resolve => server.close(() => resolve())),
  }
}

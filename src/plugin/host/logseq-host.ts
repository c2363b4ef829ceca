// The only file that imports @logseq/libs. It is loaded with a dynamic import from index.ts, so
// the browser harness (which brings its own PluginHost) never starts the SDK's host handshake.
import '@logseq/libs'
import type { BatchBlock, BlockHandle, HostSettings, PageHandle, PluginHost, ThemeMode } from './host.js'

// @logseq/libs 0.2.12 types the options without `focus`, which the host reads (api.cljs 830).
const NO_FOCUS = { focus: false } as unknown as { properties: Record<string, never> }

const DEFAULT_SETTINGS: HostSettings = { corpusPath: '', theme: 'follow' }

function readSettings(raw: unknown): HostSettings {
  const record = (raw ?? {}) as Record<string, unknown>
  const theme = record['theme']
  return {
    corpusPath: typeof record['corpusPath'] === 'string' ? record['corpusPath'] : DEFAULT_SETTINGS.corpusPath,
    theme: theme === 'light' || theme === 'dark' ? theme : 'follow',
  }
}

function asMode(mode: unknown): ThemeMode {
  return mode === 'dark' ? 'dark' : 'light'
}

/**
 * One Editor call at a time, as logseq-anki-sync does: each is a database transaction in the host,
 * and two commands regenerating pages at once would otherwise interleave their removes and appends.
 */
function serialised(): <T>(call: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve()
  return call => {
    const next = tail.then(call, call)
    tail = next.catch(() => undefined)
    return next
  }
}

/** Waits for the host handshake, then hands out the narrow PluginHost over `logseq`. */
export async function connectLogseqHost(): Promise<PluginHost> {
  await logseq.ready()
  const ls = logseq
  const editor = serialised()
  const host: PluginHost = {
    settings: () => readSettings(ls.settings),
    useSettingsSchema: schema => void ls.useSettingsSchema(schema),
    onSettingsChanged: listener => void ls.onSettingsChanged((next: unknown) => listener(readSettings(next))),
    showMsg: (text, status) => void ls.UI.showMsg(text, status, { timeout: status === 'error' ? 10_000 : 4_000 }),
    showMainUI: () => ls.showMainUI({ autoFocus: true }),
    hideMainUI: () => ls.hideMainUI({ restoreEditingCursor: true }),
    provideModel: model => void ls.provideModel(model),
    provideStyle: css => void ls.provideStyle(css),
    provideSlotUI: (key, slot, template) => void ls.provideUI({ key, slot, template, reset: true }),
    onBeforeUnload: listener => ls.beforeunload(listener),
    registerSlashCommand: (name, action) => void ls.Editor.registerSlashCommand(name, async () => action()),
    registerCommandPalette: (spec, action) =>
      ls.App.registerCommandPalette(
        { key: spec.key, label: spec.label, ...(spec.keybinding ? { keybinding: { binding: spec.keybinding } } : {}) },
        async () => action(),
      ),
    registerCommandShortcut: (binding, spec, action) =>
      ls.App.registerCommandShortcut({ mode: 'non-editing', binding }, async () => action(), {
        key: spec.key,
        label: spec.label,
      }),
    registerToolbarItem: (key, template) => ls.App.registerUIItem('toolbar', { key, template }),
    onMacroRendererSlotted: listener =>
      ls.App.onMacroRendererSlotted(({ slot, payload }) => listener({ slot, arguments: payload.arguments })),
    themeMode: async () => asMode((await ls.App.getUserConfigs()).preferredThemeMode),
    onThemeModeChanged: listener => void ls.App.onThemeModeChanged(({ mode }) => listener(asMode(mode))),
    // redirect and createFirstBlock default to true on Logseq 0.10.15 (api.cljs create_page): say no to both.
    // The format too: without it 0.10 creates the page in the user's preferred format, and in an Org
    // page a backtick is no code span (mldoc inline.ml `code`: Org reads `~…~`), so note text would
    // become links, tags and macros. 2.x (DB graphs) has Markdown only and ignores it.
    ensurePage: name =>
      editor(async (): Promise<PageHandle> => {
        const page = await ls.Editor.createPage(
          name,
          {},
          { redirect: false, createFirstBlock: false, format: 'markdown' },
        )
        if (!page) throw new Error(`Logseq did not create the page "${name}"`)
        const format = (page as { format?: unknown }).format
        return { uuid: page.uuid, format: typeof format === 'string' ? format : null }
      }),
    pageTopBlocks: name =>
      editor(async () => ((await ls.Editor.getPageBlocksTree(name)) ?? []).map((b): BlockHandle => ({ uuid: b.uuid }))),
    removeBlock: uuid =>
      editor(async () => {
        await ls.Editor.removeBlock(uuid)
      }),
    // focus defaults to true on 0.10.x (api.cljs 616, 830): the new block would open for editing
    // and take the user's cursor away from where they were.
    appendBlockInPage: (page, content) =>
      editor(async () => {
        const block = await ls.Editor.appendBlockInPage(page, content, NO_FOCUS)
        if (!block) return null
        const format = (block as { format?: unknown }).format
        return { uuid: block.uuid, format: typeof format === 'string' ? format : null }
      }),
    // Children go in under an existing root with sibling:false, the pattern that avoids the
    // stray-bullet and ordering defects of insertBatchBlock (#10870, #10871).
    insertChildren: (parent, blocks: BatchBlock[]) =>
      editor(async () => {
        if (blocks.length === 0) return
        await ls.Editor.insertBatchBlock(parent, blocks, { sibling: false })
      }),
  }
  return host
}

// The only file that imports @logseq/libs. It is loaded with a dynamic import from index.ts, so
// the browser harness (which brings its own PluginHost) never starts the SDK's host handshake.
import '@logseq/libs'
import type { BatchBlock, BlockHandle, HostSettings, PluginHost, ThemeMode } from './host.js'

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

/** Waits for the host handshake, then hands out the narrow PluginHost over `logseq`. */
export async function connectLogseqHost(): Promise<PluginHost> {
  await logseq.ready()
  const ls = logseq
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
    provideUIAt: (key, path, template) => void ls.provideUI({ key, path, template, reset: true }),
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
    // redirect and createFirstBlock default to true on 0.10.x (research/logseq.md §2): say no to both.
    ensurePage: async name => {
      await ls.Editor.createPage(name, {}, { redirect: false, createFirstBlock: false })
    },
    pageTopBlocks: async name =>
      ((await ls.Editor.getPageBlocksTree(name)) ?? []).map((b): BlockHandle => ({ uuid: b.uuid })),
    removeBlock: async uuid => {
      await ls.Editor.removeBlock(uuid)
    },
    appendBlockInPage: async (page, content) => {
      const block = await ls.Editor.appendBlockInPage(page, content)
      return block ? { uuid: block.uuid } : null
    },
    // Children go in under an existing root with sibling:false, the pattern that avoids the
    // stray-bullet and ordering defects of insertBatchBlock (#10870, #10871).
    insertChildren: async (parent, blocks: BatchBlock[]) => {
      if (blocks.length === 0) return
      await ls.Editor.insertBatchBlock(parent, blocks, { sibling: false })
    },
  }
  return host
}

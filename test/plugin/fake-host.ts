import type {
  BatchBlock,
  HostSettings,
  MacroSlot,
  ModelHandler,
  MsgStatus,
  PluginHost,
  ThemeMode,
} from '../../src/plugin/host/host.js'

export interface RecordedBlock {
  uuid: string
  content: string
  children: RecordedBlock[]
}

/** A PluginHost that records what the plugin asks of Logseq, and lets a test play the user. */
export interface FakeHost extends PluginHost {
  msgs: { text: string; status: MsgStatus }[]
  slash: Map<string, () => void | Promise<void>>
  palette: Map<string, () => void | Promise<void>>
  shortcuts: string[]
  toolbar: Map<string, string>
  pages: Map<string, RecordedBlock[]>
  models: Record<string, ModelHandler>
  slots: { key: string; slot: string; template: string }[]
  styles: string[]
  unload: (() => Promise<void>) | null
  settingsListener: ((settings: HostSettings) => void) | null
  mainUI: boolean
  current: HostSettings
  mode: ThemeMode
  macro: ((slot: MacroSlot) => void) | null
  themeListener: ((mode: ThemeMode) => void) | null
  /** The format `ensurePage` answers for a page (as 0.10 does for a page that already exists). */
  formats: Map<string, string | null>
  /** The format the blocks appended to a page get (0.10: a page without one takes the preferred format). */
  blockFormats: Map<string, string>
  /** Every block's content on a page, depth first. */
  contents(page: string): string[]
}

export function fakeHost(settings: Partial<HostSettings> = {}): FakeHost {
  let counter = 0
  const tree = (block: BatchBlock): RecordedBlock => ({
    uuid: `b${++counter}`,
    content: block.content,
    children: (block.children ?? []).map(tree),
  })
  const find = (blocks: RecordedBlock[], uuid: string): RecordedBlock | null => {
    for (const block of blocks) {
      if (block.uuid === uuid) return block
      const hit = find(block.children, uuid)
      if (hit) return hit
    }
    return null
  }
  const host: FakeHost = {
    msgs: [],
    slash: new Map(),
    palette: new Map(),
    shortcuts: [],
    toolbar: new Map(),
    pages: new Map(),
    models: {},
    slots: [],
    styles: [],
    unload: null,
    settingsListener: null,
    mainUI: false,
    current: { corpusPath: '', theme: 'follow', ...settings },
    mode: 'light',
    macro: null,
    themeListener: null,
    formats: new Map(),
    blockFormats: new Map(),
    contents(page) {
      const out: string[] = []
      const walk = (blocks: RecordedBlock[]): void => {
        for (const b of blocks) {
          out.push(b.content)
          walk(b.children)
        }
      }
      walk(host.pages.get(page) ?? [])
      return out
    },
    settings: () => host.current,
    useSettingsSchema: () => {},
    onSettingsChanged: listener => void (host.settingsListener = listener),
    showMsg: (text, status) => void host.msgs.push({ text, status }),
    showMainUI: () => void (host.mainUI = true),
    hideMainUI: () => void (host.mainUI = false),
    provideModel: model => void Object.assign(host.models, model),
    provideStyle: css => void host.styles.push(css),
    provideSlotUI: (key, slot, template) => void host.slots.push({ key, slot, template }),
    onBeforeUnload: listener => void (host.unload = listener),
    registerSlashCommand: (name, action) => void host.slash.set(name, action),
    registerCommandPalette: (spec, action) => void host.palette.set(spec.key, action),
    registerCommandShortcut: binding => void host.shortcuts.push(binding),
    // the same key replaces the item, as Logseq does since 2022
    registerToolbarItem: (key, template) => void host.toolbar.set(key, template),
    onMacroRendererSlotted: listener => void (host.macro = listener),
    themeMode: async () => host.mode,
    onThemeModeChanged: listener => void (host.themeListener = listener),
    ensurePage: async name => {
      if (!host.pages.has(name)) host.pages.set(name, [])
      const format = host.formats.get(name)
      return { uuid: `page-${name}`, format: format === undefined ? 'markdown' : format }
    },
    pageTopBlocks: async name => (host.pages.get(name) ?? []).map(b => ({ uuid: b.uuid })),
    removeBlock: async uuid => {
      for (const [name, blocks] of host.pages)
        host.pages.set(
          name,
          blocks.filter(b => b.uuid !== uuid),
        )
    },
    appendBlockInPage: async (page, content) => {
      const block = { uuid: `b${++counter}`, content, children: [] }
      host.pages.get(page)?.push(block)
      return { uuid: block.uuid, format: host.blockFormats.get(page) ?? 'markdown' }
    },
    insertChildren: async (parent, blocks) => {
      for (const page of host.pages.values()) {
        const target = find(page, parent)
        if (target) return void target.children.push(...blocks.map(tree))
      }
      throw new Error(`no block ${parent}`)
    },
  }
  return host
}

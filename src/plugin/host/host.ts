/**
 * The one seam between Notekeeper's plugin glue and Logseq: exactly the `logseq.*` calls the
 * plugin makes, typed narrowly. `logseq-host.ts` implements it over `@logseq/libs`; tests and the
 * browser harness implement it with a recording fake, so no test needs a running Logseq.
 */

export type ThemeMode = 'light' | 'dark'
export type MsgStatus = 'success' | 'warning' | 'error'

/** The plugin's own settings (SPEC 1.8: only what belongs to the host). */
export interface HostSettings {
  /** Absolute path of the corpus folder, for the desktop bridge. Empty: not set. */
  corpusPath: string
  /** `follow` tracks Logseq's theme; the others pin one. */
  theme: 'follow' | ThemeMode
}

export interface SettingDescription {
  key: keyof HostSettings
  type: 'string' | 'enum'
  default: string
  title: string
  description: string
  enumChoices?: string[]
  enumPicker?: 'select' | 'radio'
}

export interface CommandSpec {
  key: string
  label: string
  /** A Logseq key binding such as `mod+alt+p`. */
  keybinding?: string
}

/** What a `data-on-click` handler receives from the host: the clicked element's `data-*` attributes. */
export interface ModelEvent {
  dataset?: Record<string, string | undefined>
}
export type ModelHandler = (event: ModelEvent) => void | Promise<void>

/** `{{renderer ...}}` macro slot, as `App.onMacroRendererSlotted` reports it. */
export interface MacroSlot {
  slot: string
  arguments: string[]
}

export interface BlockHandle {
  uuid: string
  /**
   * The block's format where the host says it (0.10 file graphs: `markdown` or `org`). A page
   * known only from a reference answers no format, and its new blocks take the preferred one.
   */
  format?: string | null
}

/** A page as `Editor.createPage` answers: its format on 0.10 file graphs (`markdown` or `org`). */
export interface PageHandle {
  uuid: string
  format: string | null
}

/** A block to insert under a parent: content plus nested children. */
export interface BatchBlock {
  content: string
  children?: BatchBlock[]
}

export interface PluginHost {
  // lifecycle, settings and UI chrome
  settings(): HostSettings
  useSettingsSchema(schema: SettingDescription[]): void
  onSettingsChanged(listener: (settings: HostSettings) => void): void
  showMsg(text: string, status: MsgStatus): void
  showMainUI(): void
  hideMainUI(): void
  provideModel(model: Record<string, ModelHandler>): void
  provideStyle(css: string): void
  /** Injects trusted HTML (only templates this plugin builds, never note text) into a macro slot. */
  provideSlotUI(key: string, slot: string, template: string): void
  /** Runs when Logseq unloads the plugin (disabled, updated, app closing); the host waits for it. */
  onBeforeUnload(listener: () => Promise<void>): void

  // commands
  registerSlashCommand(name: string, action: () => void | Promise<void>): void
  registerCommandPalette(spec: CommandSpec, action: () => void | Promise<void>): void
  registerCommandShortcut(binding: string, spec: CommandSpec, action: () => void | Promise<void>): void
  /** A later registration of the same key replaces the item (handler/plugin.cljs 330-338, since 2022). */
  registerToolbarItem(key: string, template: string): void
  onMacroRendererSlotted(listener: (slot: MacroSlot) => void): void

  // theme
  themeMode(): Promise<ThemeMode>
  onThemeModeChanged(listener: (mode: ThemeMode) => void): void

  // generated pages
  /**
   * Creates the page when missing, in Markdown, without redirecting the user and without a first
   * block; an existing page is answered as it is (with its own format).
   */
  ensurePage(name: string): Promise<PageHandle>
  pageTopBlocks(name: string): Promise<BlockHandle[]>
  removeBlock(uuid: string): Promise<void>
  appendBlockInPage(page: string, content: string): Promise<BlockHandle | null>
  insertChildren(parent: string, blocks: BatchBlock[]): Promise<void>
}

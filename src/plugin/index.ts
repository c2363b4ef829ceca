// The wiring diagram: which host, which file access, which operations. Nothing else lives here.
import './styles.css'
import { fsaVault } from '../adapters/fsa-vault.js'
import { indexedDbCacheStore } from '../adapters/indexeddb-cache-store.js'
import { bridgeLine, bridgeVault, detectBridge, lineAction } from '../adapters/logseq-bridge-vault.js'
import { localToday } from '../core/dates.js'
import { chooseAccess, type DirectoryHandle, framePicksFiles } from './file-access/access.js'
import { indexedDbHandleStore } from './file-access/handle-store.js'
import { registerCommands, registerSchedulerSwitches, SETTINGS_SCHEMA } from './host/commands.js'
import { connectLogseqHost } from './host/logseq-host.js'
import { appOperations } from './session/operations.js'
import { createPluginApp, type PluginApp } from './session/plugin-app.js'

declare global {
  interface Window {
    showDirectoryPicker?: (options: { mode: 'readwrite' }) => Promise<DirectoryHandle>
  }
}

async function main(): Promise<void> {
  const host = await connectLogseqHost()
  // The commands first, before anything else is asked of the host (issue 13: they must be there
  // at once). They reach the app created below, in this same task: no command can fire earlier.
  let app: PluginApp | null = null
  registerCommands(host, command => app!.run(command))
  registerSchedulerSwitches(host, name => app!.useScheduler(name))
  host.useSettingsSchema(SETTINGS_SCHEMA)
  // Which Logseq line answers the bridge is asked now but awaited only when a corpus is opened.
  const found = detectBridge(window)
  const bridge = (async () => {
    const line = found ? await bridgeLine(found) : null
    const doAction = found && line ? lineAction(found, line) : null
    return doAction && line ? { line, open: (root: string) => bridgeVault(root, doAction) } : null
  })()
  app = createPluginApp({
    host,
    doc: document,
    chooseAccess: async () =>
      chooseAccess({
        corpusPath: host.settings().corpusPath,
        bridge: await bridge,
        pickDirectory: framePicksFiles(window) ? () => window.showDirectoryPicker!({ mode: 'readwrite' }) : null,
        fsaVault: handle => fsaVault(handle as unknown as FileSystemDirectoryHandle, handle.name),
        store: indexedDbHandleStore(indexedDB),
      }),
    operations: appOperations,
    // The renderer and DOMPurify load with the first note shown, not before the commands are in.
    render: async (target, source, attributes) =>
      (await import('./review-window/render-asciidoc.js')).renderAsciidocInto(target, source, attributes),
    today: () => localToday(new Date()),
    now: () => new Date(),
    cacheStore: indexedDbCacheStore(indexedDB),
  })
  try {
    await app.start()
  } catch (error) {
    host.showMsg(`Notekeeper could not start: ${error instanceof Error ? error.message : String(error)}`, 'error')
    throw error
  }
}

main().catch((error: unknown) => {
  console.error('Notekeeper failed to start', error)
})

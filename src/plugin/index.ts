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
import { renderAsciidocInto } from './review-window/render-asciidoc.js'
import { appOperations } from './session/operations.js'
import { createPluginApp } from './session/plugin-app.js'

declare global {
  interface Window {
    showDirectoryPicker?: (options: { mode: 'readwrite' }) => Promise<DirectoryHandle>
  }
}

async function main(): Promise<void> {
  const host = await connectLogseqHost()
  host.useSettingsSchema(SETTINGS_SCHEMA)
  // Which Logseq line answers the bridge is asked now but awaited only when a corpus is opened:
  // the commands are registered first, before any round trip to the host's files (issue 13).
  const found = detectBridge(window)
  const bridge = (async () => {
    const line = found ? await bridgeLine(found) : null
    const doAction = found && line ? lineAction(found, line) : null
    return doAction && line ? { line, open: (root: string) => bridgeVault(root, doAction) } : null
  })()
  const app = createPluginApp({
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
    render: renderAsciidocInto,
    today: () => localToday(new Date()),
    now: () => new Date(),
    cacheStore: indexedDbCacheStore(indexedDB),
  })
  registerCommands(host, app.run)
  registerSchedulerSwitches(host, app.useScheduler)
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

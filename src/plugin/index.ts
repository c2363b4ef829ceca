// The wiring diagram: which host, which file access, which operations. Nothing else lives here.
import './styles.css'
import { fsaVault } from '../adapters/fsa-vault.js'
import { bridgeVault, detectBridge } from '../adapters/logseq-bridge-vault.js'
import { localToday } from '../core/dates.js'
import type { Vault } from '../ports/vault.js'
import { chooseAccess, type DirectoryHandle } from './access.js'
import { registerCommands, registerSchedulerSwitches, SETTINGS_SCHEMA } from './commands.js'
import { indexedDbHandleStore } from './handle-store.js'
import type { PluginHost } from './host.js'
import { appOperations } from './operations.js'
import { createPluginApp } from './plugin-app.js'
import { renderAsciidocInto } from './render-asciidoc.js'

/**
 * The browser tests' harness sets this before the bundle runs: a fake host, a test vault and a
 * fixed today. Real Logseq never sets it, and then the SDK is loaded and connected.
 */
interface TestHarness {
  host: PluginHost
  vault: Vault
  today: string
}
declare global {
  interface Window {
    __notekeeperHarness?: TestHarness
    showDirectoryPicker?: (options: { mode: 'readwrite' }) => Promise<DirectoryHandle>
  }
}

async function main(): Promise<void> {
  const harness = window.__notekeeperHarness
  const host = harness?.host ?? (await (await import('./logseq-host.js')).connectLogseqHost())
  host.useSettingsSchema(SETTINGS_SCHEMA)
  const doAction = detectBridge(window)
  const app = createPluginApp({
    host,
    doc: document,
    chooseAccess: () =>
      harness
        ? Promise.resolve({ kind: 'ready', vault: harness.vault, label: `Test vault: ${harness.vault.description}` })
        : chooseAccess({
            corpusPath: host.settings().corpusPath,
            bridge: doAction ? root => bridgeVault(root, doAction) : null,
            pickDirectory: window.showDirectoryPicker ? () => window.showDirectoryPicker!({ mode: 'readwrite' }) : null,
            fsaVault: handle => fsaVault(handle as unknown as FileSystemDirectoryHandle, handle.name),
            store: indexedDbHandleStore(indexedDB),
          }),
    operations: appOperations,
    render: renderAsciidocInto,
    today: () => (harness ? harness.today : localToday(new Date())),
    now: () => new Date(),
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

// One writer process for test/app/two-writers.test.ts, bundled by the test with vite's build API:
//   node worker.mjs <node|bridge|bridge-cross-device> <corpus root> <name> <count> <pauseMs> <startAtMs> <logseq dot root>
// It adds <count> reviews `<name>#<i>` one appendReviews call each, through the Node vault (the
// CLI's path) or through the bridge vault over a fake Electron bridge writing whole files.
//   node worker.mjs hold <corpus root> <staleMs>
// takes the writers' lock through the Node vault, says `held` on stdout, and keeps it (fresh, as
// a holder does) until it is killed.
import { bridgeVault } from '../../src/adapters/logseq-bridge-vault.js'
import { nodeVault } from '../../src/adapters/node-vault.js'
import { acquireLogLock } from '../../src/app/lock.js'
import { appendReviews } from '../../src/app/log-writer.js'
import { formatReviewLine } from '../../src/core/log/format.js'
import { fakeBridge } from './fake-bridge.js'

const [mode, root = '', name = 'w', count = '0', pause = '30', startAt = '0', dotRoot = ''] = process.argv.slice(2)
if (mode === 'hold') {
  await acquireLogLock(nodeVault(root), { staleMs: Number(name) })
  process.stdout.write('held\n')
  setInterval(() => undefined, 1 << 30) // the renewals keep no process alive: this does
  await new Promise(() => undefined)
}
// bridge-cross-device: a bridge that cannot delete the lock (the notes on another drive than ~/.logseq)
const vault = mode?.startsWith('bridge')
  ? bridgeVault(root, fakeBridge({ dotRoot, crossDevice: mode === 'bridge-cross-device' }).doAction)
  : nodeVault(root)
const warnings: string[] = []

// Both processes start adding at the same instant, whatever their start-up times were.
await new Promise(resolve => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())))
for (let i = 0; i < Number(count); i++) {
  const line = formatReviewLine({ item: `${name}#${i}`, date: '2026-05-30', grade: 'good' })
  await appendReviews(vault, [line], { pauseMs: Number(pause), timeoutMs: 60_000, onWarning: m => warnings.push(m) })
}
process.stdout.write(JSON.stringify({ name, warnings }))

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { it } from 'vitest'
import { buildPlugin, haveChromium, launchChromium } from '../test/browser/faithful-host/build.js'
import { readCorpus } from '../test/browser/faithful-host/corpus.js'
import { LINES, startFaithfulHost } from '../test/browser/faithful-host/index.js'
import { writeCorpus } from './generate.js'

// Run by bench/plugin-step.ts through vitest (the faithful host is TypeScript that only vitest
// and vite run here); prints one `PLUGIN-STARTUP {json}` line. It measures, it asserts nothing.

const NOTES = Number(process.env['NOTEKEEPER_BENCH_NOTES'] ?? 10_000)
const ITEMS = Number(process.env['NOTEKEEPER_BENCH_ITEMS'] ?? 30_000)
// Nine page loads a line: the time from load to the last command moves by tens of ms with
// whatever else Chromium schedules (52-122 ms in one hour on this machine, 36-125 ms within one
// run of five loads); the median of three, then of five, was not steady enough to hold to a
// 100 ms target (docs/perf.md (15)).
const RUNS = 9

it('plugin start-up in the faithful host', async () => {
  if (!haveChromium) {
    console.log(`PLUGIN-STARTUP ${JSON.stringify({ missing: 'no Chromium at /usr/bin/chromium' })}`)
    return
  }
  const folder = mkdtempSync(join(tmpdir(), 'notekeeper-bench-plugin-'))
  const plugin = await buildPlugin()
  const host = await startFaithfulHost(plugin.dir)
  const browser = await launchChromium()
  try {
    writeCorpus(folder, { notes: NOTES, items: ITEMS }, 20261130)
    const corpus = readCorpus(folder)
    const result: Record<string, { fromFrame: number[]; fromLoad: number[]; beforeReaddir: boolean[] }> = {}
    const empty = () => ({ fromFrame: [] as number[], fromLoad: [] as number[], beforeReaddir: [] as boolean[] })
    for (const line of LINES) result[line] = empty()
    // The lines in turns, one load of each a round: with all of one line's loads first, the
    // second line was measured in a browser that had loaded the plugin nine times more (2.x read
    // 100-112 ms where 0.10 read 61-65 in the same runs).
    for (let run = 0; run < RUNS; run++)
      for (const line of LINES) {
        const runs = result[line] ?? empty()
        const s = await host.open(browser, { line, corpus, today: '2026-11-30' })
        // Registered when the 19 commands are in; indexing the notes goes on behind, not waited for.
        await s.page.waitForFunction(
          () => {
            const rec = (window as unknown as { __host: { timeline: { what: string }[] } }).__host
            return rec.timeline.filter(e => /^api:register_plugin_(slash|simple)_command$/.test(e.what)).length >= 19
          },
          undefined,
          { timeout: 120_000 },
        )
        const { timeline } = await s.state()
        const at = (what: string) => timeline.find(e => e.what === what)?.at ?? Number.NaN
        const last = Math.max(
          ...timeline.filter(e => /^api:register_plugin_(slash|simple)_command$/.test(e.what)).map(e => e.at),
        )
        runs.fromFrame.push(last - at('frame:src'))
        runs.fromLoad.push(last - at('frame:load'))
        const readdir = at('bridge:readdir')
        runs.beforeReaddir.push(Number.isNaN(readdir) || last < readdir)
        await s.close()
      }
    console.log(`PLUGIN-STARTUP ${JSON.stringify({ notes: NOTES, lines: result })}`)
  } finally {
    await browser.close()
    await host.close()
    plugin.remove()
    rmSync(folder, { recursive: true, force: true })
  }
})

import { mkdirSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { derivedState } from '../../src/core/snapshot.js'
import { serializeState } from '../../src/core/state.js'
import { browserOrSkip, buildPlugin, checkout, launchChromium } from './faithful-host/build.js'
import { allBlocks, readCorpus } from './faithful-host/corpus.js'
import { type FaithfulHost, type HostSession, LINES, startFaithfulHost } from './faithful-host/index.js'

const EXAMPLE_DIR = join(checkout, 'examples/corpus')
const EXAMPLE_TODAY = '2026-12-05'

/** Every way a note could try to run script or inject markup, in the modal and in a generated page. */
const HOSTILE =
  '<script>window.__pwned = "script"</script> {{query (todo now)}} [:iframe {:src "javascript:window.__pwned=1"}] [[Page]] #tag'
const hostileCorpus: Record<string, string> = {
  'internalise/evil.adoc': [
    '= Evil',
    ':intent: internalise',
    '',
    '[qanda]',
    '[[evil]]<script>window.__pwned = "prompt"</script> pass:[<img src=x onerror="window.__pwned=\'img\'">] {{query (todo now)}} [:iframe {:src "x"}]:: link:javascript:window.__pwned=1[click me] and <<x,y>>',
    '+',
    '++++',
    '<script>window.__pwned = "passthrough"</script><img src=y onerror="window.__pwned=\'pass\'"><iframe src="javascript:window.__pwned=2"></iframe>',
    '++++',
    `${HOSTILE}:: an entry without an id, so validation reports this very line`,
    '',
  ].join('\n'),
  // Registered before today, so the item is due (a new item is first due the day after it is registered).
  'internalise/.srs/state.json':
    JSON.stringify({ 'evil#evil': { level: 1, next_due: '2029-12-31', reps: 0 } }, null, 2) + '\n',
}

if (browserOrSkip()) {
  describe('the built plugin in the faithful host', () => {
    let plugin: { dir: string; remove: () => void }
    let host: FaithfulHost
    let browser: Browser

    beforeAll(async () => {
      plugin = await buildPlugin()
      host = await startFaithfulHost(plugin.dir)
      browser = await launchChromium()
    })
    afterAll(async () => {
      await browser?.close()
      await host?.close()
      plugin?.remove()
    })

    it('ships a small entry, Asciidoctor as a lazy chunk, and no unused 990 KB copy', () => {
      const assets = readdirSync(join(plugin.dir, 'assets'))
      const sizes = Object.fromEntries(assets.map(a => [a, statSync(join(plugin.dir, 'assets', a)).size]))
      expect(
        Object.values(sizes).every(size => size < 500_000),
        JSON.stringify(sizes),
      ).toBe(true)
      expect(assets.some(a => a.startsWith('browser-'))).toBe(true)
    })

    for (const line of LINES) {
      describe(`under Logseq ${line}`, () => {
        const open = (corpus: Record<string, string>, today: string, theme: 'light' | 'dark' = 'light') =>
          host.open(browser, { line, corpus, today, theme })

        it('loads, registers its slash commands and palette entries, indexes once and shows the due count', async () => {
          const s = await open(readCorpus(EXAMPLE_DIR), EXAMPLE_TODAY)
          const indexed = await s.message(/^Notekeeper: indexed/)
          expect(indexed).toMatch(
            new RegExp(
              `^Notekeeper: indexed \\d+ files of Logseq desktop file bridge \\(${line.replace('.', '\\.')}\\): .*; 4 due today$`,
            ),
          )
          const rec = await s.state()
          expect(Object.keys(rec.slash).sort()).toEqual([
            'backlinks',
            'hygiene',
            'practice',
            'schedulers',
            'statistics',
            'triage',
            'validate',
          ])
          const palette = Object.values(rec.commands).filter(c => c.type === '$palette$')
          expect(palette.length).toBe(11) // seven commands and four scheduler switches
          expect(
            Object.values(rec.commands)
              .filter(c => c.type === '$shortcut$')
              .map(c => c.keybinding),
          ).toEqual([{ mode: 'non-editing', binding: 'mod+alt+p' }])
          expect(await s.page.locator('#toolbar').textContent()).toContain('4')
          expect(rec.unknownCalls).toEqual([])
          // Every command and the toolbar item are there before the first look at the corpus folder.
          const order = rec.timeline.map(event => event.what)
          const commands = order.flatMap((what, at) =>
            /^api:register_plugin_(slash|simple)_command$/.test(what) ? [at] : [],
          )
          expect(commands.length).toBe(7 + 11 + 1) // slash commands, palette entries, the shortcut
          const firstRead = order.indexOf('bridge:readdir')
          expect(firstRead).toBeGreaterThan(Math.max(...commands))
          expect(firstRead).toBeGreaterThan(order.indexOf('api:register_plugin_ui_item'))
          await s.close()
        })

        for (const theme of ['light', 'dark'] as const) {
          it(`practises the example corpus (${theme}): click and keys 1-4, log lines written, state.json = replay, no lock left`, async () => {
            const corpus = readCorpus(EXAMPLE_DIR)
            const s = await open(corpus, EXAMPLE_TODAY, theme)
            await s.message(/^Notekeeper: indexed/)
            expect(await s.plugin.evaluate(() => document.documentElement.dataset['theme'])).toBe(theme)
            await s.slash('practice')
            const ui = s.plugin
            await ui.getByTestId('progress').waitFor()
            expect(await ui.getByTestId('progress').textContent()).toBe('1 of 4')
            await ui.getByTestId('answer').fill('When they suggest it, or when the whole team already does.')
            await ui.getByTestId('answer').press('Enter')
            await ui.getByTestId('response').waitFor()
            await ui.locator('.nk-grade-interval').first().waitFor()
            if (theme === 'light')
              expect(await ui.getByTestId('grade-good').getAttribute('title')).toMatch(/^next due \d{4}-\d{2}-\d{2}$/)
            if (line === '2.x') {
              mkdirSync(join(checkout, 'docs/screenshots'), { recursive: true })
              // The temporary folder's random name would change the picture on every run.
              await ui.getByTestId('access-mode').evaluate(node => {
                node.textContent = (node.textContent ?? '').replace(/: \/.*$/, ': /home/me/notes')
              })
              await s.page.screenshot({ path: join(checkout, `docs/screenshots/review-modal-${theme}.png`) })
            }

            const logBefore = corpus['internalise/.srs/log.jsonl'] ?? ''
            const ids: string[] = []
            ids.push((await ui.locator('.nk-item-id').textContent()) ?? '')
            await ui.getByTestId('grade-good').click()
            for (const key of ['1', '2', '4']) {
              // "n of 5" once an again is queued to come back (relearning).
              await ui.waitForFunction(
                n =>
                  /^(\d+) of [45]$/.exec(document.querySelector('[data-testid="progress"]')?.textContent ?? '')?.[1] ===
                  `${n}`,
                ids.length + 1,
              )
              ids.push((await ui.locator('.nk-item-id').textContent()) ?? '')
              await ui.getByTestId('answer').waitFor()
              if (key === '1') {
                // Space reveals when the focus is outside the answer box (inside it, Space is a space).
                await ui.getByTestId('prompt').click()
                await s.page.keyboard.press('Space')
              } else {
                await ui.getByTestId('answer').press('Enter')
              }
              await ui.getByTestId('response').waitFor()
              await ui.locator('.nk-grade-interval').first().waitFor()
              await s.page.keyboard.press(key)
            }
            // The item graded again comes back at the end of the session (relearning, issue 10).
            await ui.getByTestId('relearning').waitFor()
            ids.push((await ui.locator('.nk-item-id').textContent()) ?? '')
            await ui.getByTestId('answer').press('Enter')
            await ui.locator('.nk-grade-interval').first().waitFor()
            await s.page.keyboard.press('3')
            await ui.getByTestId('summary').waitFor()
            expect(await ui.getByTestId('summary').textContent()).toBe(
              'Practised 4 of 4 items: 1 again, 1 hard, 2 good, 1 easy (5 grades; 1 relearned).',
            )

            const after = s.files()
            const log = after['internalise/.srs/log.jsonl'] ?? ''
            expect(log.startsWith(logBefore)).toBe(true)
            const added = log
              .slice(logBefore.length)
              .split('\n')
              .filter(l => l !== '')
            const grades = ['good', 'again', 'hard', 'easy', 'good']
            expect(added).toEqual(ids.map((item, i) => JSON.stringify({ item, date: EXAMPLE_TODAY, grade: grades[i] })))
            const replayed = derivedState(await loadCorpus(memoryVault(after)), EXAMPLE_TODAY)
            expect(after['internalise/.srs/state.json']).toBe(serializeState(replayed))
            expect(after['internalise/.srs/log.lock']).toBeUndefined()
            await s.close()
          })
        }

        it('triages from the page: the macro slot gets sanitised buttons whose click edits the Track note', async () => {
          const s = await open(readCorpus(EXAMPLE_DIR), EXAMPLE_TODAY)
          await s.message(/^Notekeeper: indexed/)
          await s.slash('triage')
          await s.page.waitForFunction(() =>
            JSON.stringify(
              (window as unknown as { __host: { pages: Record<string, unknown> } }).__host.pages['notekeeper triage'] ??
                '',
            ).includes('renderer :notekeeper-triage'),
          )
          const blocks = allBlocks((await s.state()).pages['notekeeper triage']!.blocks)
          const item = blocks.find(b => b.includes('Replace the smoke detector batteries'))!
          const [, token] = /\{\{renderer :notekeeper-triage, ([^}]+)\}\}/.exec(item)!
          // the host renders the macro and fires the slot hook with [':name', arg]
          const slot = await s.macro([':notekeeper-triage', token!])
          const promote = s.page.locator(`#${slot} [data-verb="promote"]`)
          await promote.waitFor()
          expect(await promote.getAttribute('data-token')).toBe(token) // data-* kept by the sanitiser
          const before = s.files()['track/home.adoc']!
          await promote.click()
          expect(await s.message(/^Notekeeper: (?!indexed)/)).not.toMatch(/refused/)
          const after = s.files()['track/home.adoc']!
          expect(after).not.toBe(before)
          // promoted from Next to Now: the line moves up, above the "== Next" heading
          expect(after.indexOf('Replace the smoke detector batteries')).toBeLessThan(after.indexOf('== Next'))
          await s.close()
        })

        it('shows a hostile note in the review window without running script or injecting markup', async () => {
          const s = await open(hostileCorpus, '2030-01-01')
          await s.message(/^Notekeeper: indexed/)
          await s.slash('practice')
          const ui = s.plugin
          await ui.getByTestId('prompt').waitFor()
          await ui.waitForFunction(
            () => (document.querySelector('[data-testid="prompt"]')?.textContent ?? '').length > 0,
          )
          await ui.getByTestId('reveal').click()
          await ui.waitForFunction(() =>
            (document.querySelector('[data-testid="response"]')?.textContent ?? '').includes('click me'),
          )
          await s.page.waitForTimeout(300) // give any injected handler (img onerror) a chance to fire
          const found = await ui.evaluate(() => {
            const dialog = document.querySelector('.nk-dialog')!
            return {
              pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
              scripts: dialog.querySelectorAll('script').length,
              iframes: document.querySelectorAll('iframe').length,
              handlers: [...dialog.querySelectorAll('*')].filter(n =>
                [...n.attributes].some(a => a.name.startsWith('on')),
              ).length,
              jsLinks: [...dialog.querySelectorAll('a')].filter(a =>
                /^\s*javascript:/i.test(a.getAttribute('href') ?? ''),
              ).length,
              prompt: dialog.querySelector('[data-testid="prompt"]')!.textContent,
            }
          })
          expect(found).toMatchObject({ pwned: null, scripts: 0, iframes: 0, handlers: 0, jsLinks: 0 })
          expect(found.prompt).toContain('{{query (todo now)}}')
          expect(await s.page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null)).toBeNull()
          await s.close()
        })

        it('writes hostile note text into the Validation and Hygiene report pages only inside code spans', async () => {
          const s: HostSession = await open(hostileCorpus, '2030-01-01')
          await s.message(/^Notekeeper: indexed/)
          await s.slash('validate')
          await s.message(/see the page "Notekeeper Validation report"/)
          await s.slash('hygiene')
          await s.message(/see the page "Notekeeper Hygiene report"/)
          const rec = await s.state()
          for (const name of ['notekeeper validation report', 'notekeeper hygiene report']) {
            const blocks = allBlocks(rec.pages[name]?.blocks ?? [])
            expect(blocks.length, name).toBeGreaterThan(2)
            for (const content of blocks) {
              expect(content).not.toMatch(/[\r\n]/)
              const outsideCode = content.replace(/`[^`]*`/g, '')
              expect(outsideCode, content).not.toMatch(/[[\]{}<>#`]/)
              expect(content.startsWith('`'), content).toBe(false)
            }
            if (name.includes('validation'))
              expect(blocks.filter(b => b.includes('{{query (todo now)}}')).length).toBeGreaterThan(0)
          }
          expect(await s.page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null)).toBeNull()
          await s.close()
        })

        it('writes the Statistics page, and draws its charts as SVG that the host’s sanitiser keeps', async () => {
          const s: HostSession = await open(readCorpus(EXAMPLE_DIR), EXAMPLE_TODAY)
          await s.message(/^Notekeeper: indexed/)
          await s.slash('statistics')
          await s.message(/see the page "Notekeeper Statistics"/)
          const rec = await s.state()
          const blocks = allBlocks(rec.pages['notekeeper statistics']?.blocks ?? [])
          expect(blocks.some(b => /^True retention .*young \d+% of \d+, mature \d+% of \d+$/.test(b))).toBe(true)
          const macros = blocks.filter(b => b.startsWith('{{renderer :notekeeper-chart, '))
          expect(macros.map(m => /, (\w+)\}\}$/.exec(m)?.[1])).toEqual([
            'heatmap',
            'retention',
            'forecast30',
            'forecast90',
            'intervals',
          ])
          // Logseq slots each macro as the page renders; the plugin answers with its chart.
          for (const chart of ['heatmap', 'forecast30']) {
            const slot = await s.macro([':notekeeper-chart', chart])
            const svg = s.page.locator(`#${slot} svg`)
            await svg.waitFor()
            const rects = await svg.locator('rect').count()
            expect(rects).toBe(chart === 'heatmap' ? 365 : 30)
            const state = await s.state()
            const injected = Object.entries(state.injected).find(([key]) => key.startsWith('nk-chart-'))
            expect(injected, JSON.stringify(Object.keys(state.injected))).toBeDefined()
          }
          // The heatmap holds the example log's reviews: its cells' titles add up to the year's count.
          const titles = await s.page.locator('svg rect title').allTextContents()
          const counted = titles.filter(t => /^\d{4}-\d{2}-\d{2}: \d+$/.test(t)).slice(0, 365)
          const year = counted.reduce((sum, t) => sum + Number(t.split(': ')[1]), 0)
          expect(year).toBeGreaterThan(0)
          expect(blocks.some(b => b.startsWith(`Reviews: ${year} in the past year`))).toBe(true)
          expect(rec.unknownCalls).toEqual([])
          await s.close()
        })
      })
    }
  })
}

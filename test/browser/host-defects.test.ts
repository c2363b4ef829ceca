import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseLock } from '../../src/app/lock.js'
import { browserOrSkip, buildPlugin, checkout, launchChromium } from './faithful-host/build.js'
import { allBlocks, readCorpus } from './faithful-host/corpus.js'
import {
  type FaithfulHost,
  type HostScenario,
  type HostSession,
  type HostState,
  LINES,
  startFaithfulHost,
} from './faithful-host/index.js'

// Each test here guards one defect found by running the plugin against Logseq's own host code
// (issue 8); each failed against the plugin as it was before its fix.
const EXAMPLE = readCorpus(join(checkout, 'examples/corpus'))
const TODAY = '2026-12-05'

if (browserOrSkip()) {
  describe('defects of the plugin in the real host, guarded in the faithful host', () => {
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

    const readdirs = (s: HostSession) => s.bridgeLog.filter(a => a[0] === 'readdir').length
    /** Reveals the current card and grades it by key. */
    async function gradeOne(s: HostSession, key: string): Promise<void> {
      await s.plugin.getByTestId('answer').waitFor()
      await s.plugin.getByTestId('answer').press('Enter')
      await s.plugin.locator('.nk-grade-interval').first().waitFor()
      await s.page.keyboard.press(key)
    }
    /** Waits until the host has shown `count` messages matching. */
    const messages = (s: HostSession, pattern: RegExp, count: number) =>
      s.page.waitForFunction(
        ([source, n]) =>
          (window as unknown as { __host: { msgs: { text: string }[] } }).__host.msgs.filter(m =>
            new RegExp(source as string).test(m.text),
          ).length >= (n as number),
        [pattern.source, count] as const,
        { timeout: 60_000 },
      )
    const logLines = (s: HostSession) => (s.files()['internalise/.srs/log.jsonl'] ?? '').split('\n').filter(Boolean)

    for (const line of LINES) {
      describe(`under Logseq ${line}`, () => {
        const open = (more: Partial<HostScenario> = {}) =>
          host.open(browser, { line, corpus: EXAMPLE, today: TODAY, ...more })

        it('indexes once at start-up, and not again for a settings change that keeps the folder', async () => {
          const s = await open()
          await s.message(/^Notekeeper: indexed/)
          await s.page.waitForTimeout(500) // a second index, if any, starts right after the first
          expect(readdirs(s)).toBe(1)
          await s.settings({ theme: 'dark' })
          await s.plugin.waitForFunction(() => document.documentElement.dataset['theme'] === 'dark')
          await s.page.waitForTimeout(300)
          expect(readdirs(s)).toBe(1)
          expect((await s.state()).msgs.filter(m => m.text.startsWith('Notekeeper: indexed')).length).toBe(1)
          await s.close()
        })

        it('opens one review for one toolbar click, whose button shows the due count', async () => {
          const s = await open()
          await s.message(/^Notekeeper: indexed/)
          expect(await s.page.locator('#toolbar').textContent()).toContain('4')
          await s.clickToolbar('4') // on the due count, as a user clicks the number
          await s.plugin.getByTestId('progress').waitFor()
          await s.page.waitForTimeout(300)
          expect((await s.state()).modelCalls.filter(c => c === 'nkPractice')).toEqual(['nkPractice'])
          expect(await s.plugin.locator('.nk-dialog').count()).toBe(1)
          await s.close()
        })

        it('runs a command once while it is still running (re-entrancy guard), and practising appends one line per grade', async () => {
          const s = await open()
          await s.message(/^Notekeeper: indexed/)
          await Promise.all([s.slash('practice'), s.slash('practice')])
          await s.message(/practice is already running/)
          await s.plugin.getByTestId('progress').waitFor()
          await gradeOne(s, '3')
          await s.plugin.waitForFunction(
            () => document.querySelector('[data-testid="progress"]')?.textContent === '2 of 4',
          )
          expect(
            logLines(s).length - (EXAMPLE['internalise/.srs/log.jsonl'] ?? '').split('\n').filter(Boolean).length,
          ).toBe(1)
          await s.close()
        })

        it('writes report pages without opening a block for editing or leaving the page', async () => {
          const s = await open()
          await s.message(/^Notekeeper: indexed/)
          await s.slash('validate')
          await s.message(/see the page "Notekeeper Validation report"/)
          const rec = await s.state()
          const report = rec.pages['notekeeper validation report']
          expect(allBlocks(report?.blocks ?? []).length).toBeGreaterThan(0)
          const reportIds = JSON.stringify(report)
          expect(rec.editing === null || !reportIds.includes(rec.editing)).toBe(true)
          expect(rec.route).toBeNull()
          await s.close()
        })

        it('regenerates a report page in place: a second run replaces its blocks, never adds a second copy', async () => {
          // 2.x: a page title cannot hold "/", createPage('A/B') makes `B` under `A`, and no lookup
          // by the name 'A/B' finds it again (host-page.js createPage), so page names hold no "/".
          const s = await open()
          await s.message(/^Notekeeper: indexed/)
          for (const run of [1, 2]) {
            await s.slash('validate')
            await messages(s, /^Notekeeper: \d+ errors, \d+ warnings; see the page/, run)
          }
          const rec = await s.state()
          const headers = Object.values(rec.pages)
            .flatMap(page => page.blocks.map(block => ({ page: page.originalName, content: block.content })))
            .filter(block => block.content.startsWith('Validation of'))
          expect(headers.map(h => h.page)).toEqual(['Notekeeper Validation report'])
          expect(Object.keys(rec.pages).some(name => name.includes('/'))).toBe(false)
          await s.close()
        })

        it('serialises its Editor calls, even when two commands write pages at once', async () => {
          const s = await open()
          await s.message(/^Notekeeper: indexed/)
          await Promise.all([s.slash('validate'), s.slash('hygiene'), s.slash('schedulers')])
          await s.message(/see the page "Notekeeper Validation report"/)
          await s.message(/see the page "Notekeeper Hygiene report"/)
          await s.message(/see the page "Notekeeper Schedulers"/)
          expect((await s.state()).editorMaxInFlight).toBe(1)
          await s.close()
        })

        it('styles what it injects into the host page (provideStyle)', async () => {
          const s = await open()
          await s.message(/^Notekeeper: indexed/)
          const rec = await s.state()
          expect(rec.styles.join('\n')).toContain('.notekeeper-toolbar')
          const styled = await s.page.evaluate(() => {
            const count = document.querySelector('#toolbar .notekeeper-due-count')
            return count ? getComputedStyle(count).fontVariantNumeric : null
          })
          expect(styled).toBe('tabular-nums')
          await s.close()
        })

        it('cleans up on unload: the review window is closed before the host removes the frame', async () => {
          const s = await open()
          await s.message(/^Notekeeper: indexed/)
          await s.slash('practice')
          await s.plugin.getByTestId('progress').waitFor()
          expect((await s.state()).mainUI).toBe(true)
          await s.unload()
          expect((await s.state()).mainUIAtUnload).toBe(false)
          await s.close()
        })

        it('tells an unreadable log apart from a missing one: indexing fails, naming the file', async () => {
          const s = await open({ unreadable: ['internalise/.srs/log.jsonl'] })
          const text = await s.message(/^Notekeeper: (indexed|indexing failed)/)
          expect(text).toMatch(/indexing failed: .*internalise\/\.srs\/log\.jsonl: cannot read/)
          await s.close()
        })

        it('releases the log lock where the host cannot delete it (notes on another drive than ~/.logseq)', async () => {
          const s = await open({ crossDevice: true })
          await s.message(/^Notekeeper: indexed/)
          await s.slash('practice')
          await s.plugin.getByTestId('progress').waitFor()
          const before = logLines(s).length
          await gradeOne(s, '3')
          await s.plugin.waitForFunction(
            () => document.querySelector('[data-testid="progress"]')?.textContent === '2 of 4',
          )
          await gradeOne(s, '4')
          await s.plugin.waitForFunction(
            () => document.querySelector('[data-testid="progress"]')?.textContent === '3 of 4',
          )
          expect(logLines(s).length - before).toBe(2)
          // Released once the last grade's state.json is written: that write, after the card is
          // painted, holds the lock too (SPEC 1.4, ADR 0042).
          await expect
            .poll(() => {
              const lock = s.files()['internalise/.srs/log.lock']
              return lock === undefined || parseLock(lock)?.released === true
            })
            .toBe(true)
          expect((await s.state()).msgs.filter(m => m.status === 'error')).toEqual([])
          await s.close()
        })
      })
    }

    it('writes its pages in Markdown on a 0.10 graph whose preferred format is Org (a backtick is no code span in Org)', async () => {
      const s = await host.open(browser, {
        line: '0.10',
        corpus: EXAMPLE,
        today: TODAY,
        preferredFormat: 'org',
      })
      await s.message(/^Notekeeper: indexed/)
      await s.slash('validate')
      await s.message(/see the page "Notekeeper Validation report"/)
      await s.slash('triage')
      await s.page.waitForFunction(
        () => (window as unknown as { __host: HostState }).__host.pages['notekeeper triage']?.blocks.length === 1,
      )
      const rec = await s.state()
      const written = Object.values(rec.pages).filter(page => page.blocks.some(b => b.content !== ''))
      expect(written.map(page => [page.originalName, page.format]).sort()).toEqual([
        ['Notekeeper Triage', 'markdown'],
        ['Notekeeper Validation report', 'markdown'],
      ])
      await s.close()
    })

    it('review window keys: a held Enter reveals but never grades; Tab and Shift+Tab stay inside the window', async () => {
      const s = await host.open(browser, { line: '2.x', corpus: EXAMPLE, today: TODAY })
      await s.message(/^Notekeeper: indexed/)
      await s.slash('practice')
      const ui = s.plugin
      await ui.getByTestId('answer').waitFor()
      // Logseq's own page, behind the full-window frame, is full of focusable controls
      // (host-page.js #search): focus must not wander into it while the window is open.
      const inside = () => ui.evaluate(() => document.hasFocus() && !!document.activeElement?.closest('.nk-dialog'))
      await ui.getByTestId('answer').focus()
      for (const key of ['Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab']) {
        await s.page.keyboard.press(key)
        expect(await inside(), key).toBe(true)
      }
      const before = logLines(s).length
      // The response word for word: the suggestion is sure, so it takes the focus after the reveal.
      await ui
        .getByTestId('answer')
        .fill(
          'When they propose it ("on se tutoie ?"), or when everyone in the team already does. Never first with someone senior.',
        )
      await ui.getByTestId('answer').focus()
      // Enter held down: the first keydown reveals, the key's auto-repeats reach the focused suggestion.
      await s.page.keyboard.down('Enter')
      await ui.waitForFunction(() => document.activeElement?.classList.contains('nk-suggested') ?? false)
      await s.page.keyboard.down('Enter') // repeat: true
      await s.page.keyboard.down('Enter')
      await s.page.keyboard.up('Enter')
      await s.page.waitForTimeout(400)
      expect(logLines(s).length - before).toBe(0)
      expect(await ui.getByTestId('progress').textContent()).toBe('1 of 4')
      await s.page.keyboard.press('Enter') // a fresh press takes the suggestion
      await ui.waitForFunction(() => document.querySelector('[data-testid="progress"]')?.textContent === '2 of 4')
      expect(logLines(s).length - before).toBe(1)
      await s.close()
    })

    it("a note's passthrough SVG or MathML cannot paint over the window's controls", async () => {
      // Both survive DOMPurify as markup: an SVG whose overflow shows a rectangle far past its
      // box, and MathML padding that moves its content anywhere. Without a clip on the rendered
      // note they covered the whole window, the Reveal and grade buttons included.
      const note = [
        '= Overlay',
        ':intent: internalise',
        '',
        '[qanda]',
        '[[cover]]What is under the layer?:: Nothing.',
        '+',
        '++++',
        '<svg width="10" height="10" overflow="visible"><rect x="-5000" y="-5000" width="20000" height="20000" fill="red"/></svg>',
        '<math><mpadded voffset="-2000px" lspace="-2000px" width="0" height="0" depth="0"><mspace width="4000px" height="4000px" mathbackground="blue"/></mpadded></math>',
        '++++',
        '',
      ].join('\n')
      const corpus = {
        'internalise/overlay.adoc': note,
        // Reviewed once, so that it is due today.
        'internalise/.srs/log.jsonl': '{"item":"overlay#cover","date":"2026-12-01","grade":"good"}\n',
      }
      const s = await host.open(browser, { line: '2.x', corpus, today: TODAY })
      await s.message(/^Notekeeper: indexed/)
      await s.slash('practice')
      const ui = s.plugin
      await ui.getByTestId('reveal').click()
      await ui.getByTestId('response').locator('svg').waitFor({ state: 'attached' })
      // What a click at the centre of each control reaches: the control itself, not the note
      // (those before the response in the page are the ones a layer after them would cover).
      const controls = ['progress', 'answer', 'grade-again', 'grade-good', 'grade-easy', 'undo']
      const reached = await ui.evaluate(
        ids =>
          ids.map(id => {
            const control = document.querySelector(`[data-testid="${id}"]`)!
            control.scrollIntoView({ block: 'center' })
            const box = control.getBoundingClientRect()
            const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
            return top === control || control.contains(top) ? true : `${id}: ${top?.outerHTML.slice(0, 60)}`
          }),
        controls,
      )
      expect(reached).toEqual(controls.map(() => true))
      await s.close()
    })

    it('without a bridge, names the access it can use (File System Access) and asks for the folder', async () => {
      const s = await host.open(browser, { line: '2.x', corpus: EXAMPLE, today: TODAY, bridge: false })
      await s.slash('practice')
      await s.plugin.getByTestId('access-mode').waitFor()
      expect(await s.plugin.getByTestId('access-mode').textContent()).toMatch(/File System Access/)
      await s.close()
    })
  })
}

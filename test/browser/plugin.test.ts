import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium, type Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { loadCorpus } from '../../src/app/corpus.js'
import { derivedState } from '../../src/app/schedule.js'
import { serializeState } from '../../src/core/state.js'
import { CHROMIUM, CHROMIUM_ARGS, type HarnessServer, readCorpus, type Scenario, serveHarness } from './harness.js'

const checkout = fileURLToPath(new URL('../../', import.meta.url))
const haveChromium = existsSync(CHROMIUM)
const required = process.env['NOTEKEEPER_REQUIRE_BROWSER'] === '1'
const SKIP_TITLE = `browser tests skipped: no Chromium at ${CHROMIUM}`

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

function scenario(corpus: Record<string, string>, today: string, theme: Scenario['theme'] = 'light'): Scenario {
  return { corpus, today, theme }
}

if (!haveChromium) {
  console.warn(
    `\n*** ${SKIP_TITLE}. Install it (apt-get install -y chromium) to run them; CI sets NOTEKEEPER_REQUIRE_BROWSER=1 to make this a failure. ***\n`,
  )
  describe('browser', () => {
    if (required)
      it('needs Chromium (NOTEKEEPER_REQUIRE_BROWSER=1)', () =>
        expect.fail(`${SKIP_TITLE}, and NOTEKEEPER_REQUIRE_BROWSER=1 requires them`))
    else it.skip(SKIP_TITLE, () => {})
  })
} else {
  describe('the built plugin in real Chromium', () => {
    let outDir = ''
    let server: HarnessServer
    let browser: Browser

    beforeAll(async () => {
      outDir = mkdtempSync(join(tmpdir(), 'notekeeper-plugin-'))
      await build({
        configFile: join(checkout, 'vite.config.ts'),
        logLevel: 'error',
        build: { outDir, emptyOutDir: true, sourcemap: false },
      })
      server = await serveHarness(outDir)
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    })

    afterAll(async () => {
      await browser?.close()
      await server?.close()
      if (outDir) rmSync(outDir, { recursive: true, force: true })
    })

    async function openPlugin(next: Scenario): Promise<{ page: Page; dialogs: string[] }> {
      server.scenario(next)
      const page = await browser.newPage({ viewport: { width: 1000, height: 860 } })
      const dialogs: string[] = []
      page.on('pageerror', error => console.warn('page error:', error.message))
      page.on('dialog', dialog => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })
      await page.goto(`${server.url}/harness.html`)
      await page.waitForFunction(
        () => (window as unknown as { __nk: { rec: { msgs: unknown[] } } }).__nk.rec.msgs.length > 0,
      )
      return { page, dialogs }
    }

    const files = (page: Page) =>
      page.evaluate(() =>
        Object.fromEntries((window as unknown as { __nk: { files: Map<string, string> } }).__nk.files),
      )
    const runSlash = (page: Page, name: string) =>
      page.evaluate(
        n =>
          (window as unknown as { __nk: { rec: { slash: Record<string, () => Promise<void>> } } }).__nk.rec.slash[n]!(),
        name,
      )

    it('ships a small entry, Asciidoctor as a lazy chunk, and no unused 990 KB copy', () => {
      const assets = readdirSync(join(outDir, 'assets'))
      const sizes = Object.fromEntries(assets.map(a => [a, statSync(join(outDir, 'assets', a)).size]))
      expect(
        Object.values(sizes).every(size => size < 500_000),
        JSON.stringify(sizes),
      ).toBe(true)
      expect(assets.some(a => a.startsWith('browser-'))).toBe(true)
    })

    it('indexes at start-up, registers the commands and shows the due count in the toolbar', async () => {
      const { page } = await openPlugin(scenario(readCorpus(EXAMPLE_DIR), EXAMPLE_TODAY))
      const rec = await page.evaluate(() => {
        const r = (
          window as unknown as {
            __nk: {
              rec: {
                slash: object
                palette: object
                shortcuts: string[]
                injected: Record<string, string>
                msgs: { text: string }[]
              }
            }
          }
        ).__nk.rec
        return {
          slash: Object.keys(r.slash),
          palette: Object.keys(r.palette).length,
          shortcuts: r.shortcuts,
          toolbar: r.injected['notekeeper-due-count'],
          msgs: r.msgs.map(m => m.text),
        }
      })
      expect(rec.slash.sort()).toEqual(['backlinks', 'hygiene', 'practice', 'schedulers', 'triage', 'validate'])
      expect(rec.palette).toBe(10) // six commands and four scheduler switches
      expect(rec.shortcuts).toEqual(['mod+alt+p'])
      expect(rec.toolbar).toBe('<span title="Notekeeper: 4 due today (practice)">4</span>')
      expect(rec.msgs[0]).toMatch(/^Notekeeper: indexed \d+ files of Test vault: test vault \(memory\); 4 due today$/)
      await page.close()
    })

    for (const theme of ['light', 'dark'] as const) {
      it(`practises the example corpus (${theme}): click and keys 1-4, log lines written, state.json = replay`, async () => {
        const corpus = readCorpus(EXAMPLE_DIR)
        const { page, dialogs } = await openPlugin(scenario(corpus, EXAMPLE_TODAY, theme))
        expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe(theme)
        void runSlash(page, 'practice')
        await page.getByTestId('progress').waitFor()
        expect(await page.getByTestId('progress').textContent()).toBe('1 of 4')
        await page.getByTestId('answer').fill('When they suggest it, or when the whole team already does.')
        await page.getByTestId('answer').press('Enter')
        await page.getByTestId('response').waitFor()
        await page.locator('.nk-grade-interval').first().waitFor()
        if (theme === 'light')
          expect(await page.getByTestId('grade-good').getAttribute('title')).toMatch(/^next due \d{4}-\d{2}-\d{2}$/)
        mkdirSync(join(checkout, 'docs/screenshots'), { recursive: true })
        await page.screenshot({ path: join(checkout, `docs/screenshots/review-modal-${theme}.png`) })

        const logBefore = corpus['internalise/.srs/log.jsonl'] ?? ''
        const ids: string[] = []
        ids.push((await page.locator('.nk-item-id').textContent()) ?? '')
        await page.getByTestId('grade-good').click()
        for (const key of ['1', '2', '4']) {
          await page.waitForFunction(
            n => document.querySelector('[data-testid="progress"]')?.textContent === `${n} of 4`,
            ids.length + 1,
          )
          ids.push((await page.locator('.nk-item-id').textContent()) ?? '')
          await page.getByTestId('answer').waitFor()
          if (key === '1') {
            // Space reveals when the focus is outside the answer box (inside it, Space is a space).
            await page.getByTestId('prompt').click()
            await page.keyboard.press('Space')
          } else {
            await page.getByTestId('answer').press('Enter')
          }
          await page.getByTestId('response').waitFor()
          await page.locator('.nk-grade-interval').first().waitFor()
          await page.keyboard.press(key)
        }
        await page.getByTestId('summary').waitFor()
        expect(await page.getByTestId('summary').textContent()).toBe('4 items reviewed.')

        const after = await files(page)
        const log = after['internalise/.srs/log.jsonl'] ?? ''
        expect(log.startsWith(logBefore)).toBe(true)
        const added = log
          .slice(logBefore.length)
          .split('\n')
          .filter(l => l !== '')
        const grades = ['good', 'again', 'hard', 'easy']
        expect(added).toEqual(ids.map((item, i) => JSON.stringify({ item, date: EXAMPLE_TODAY, grade: grades[i] })))

        const replayed = derivedState(await loadCorpus(memoryVault(after)), EXAMPLE_TODAY)
        expect(after['internalise/.srs/state.json']).toBe(serializeState(replayed))
        expect(after['internalise/.srs/log.lock']).toBeUndefined()
        expect(dialogs).toEqual([])
        await page.close()
      })
    }

    it('shows a hostile note in the modal without running script or injecting markup', async () => {
      const { page, dialogs } = await openPlugin(scenario(hostileCorpus, '2030-01-01'))
      void runSlash(page, 'practice')
      await page.getByTestId('prompt').waitFor()
      await page.waitForFunction(() => (document.querySelector('[data-testid="prompt"]')?.textContent ?? '').length > 0)
      await page.getByTestId('reveal').click()
      await page.getByTestId('response').waitFor()
      await page.waitForFunction(() =>
        (document.querySelector('[data-testid="response"]')?.textContent ?? '').includes('click me'),
      )
      await page.waitForTimeout(300) // give any injected handler (img onerror) a chance to fire
      const found = await page.evaluate(() => {
        const dialog = document.querySelector('.nk-dialog')!
        return {
          pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
          scripts: dialog.querySelectorAll('script').length,
          iframes: document.querySelectorAll('iframe').length,
          handlers: [...dialog.querySelectorAll('*')].filter(n => [...n.attributes].some(a => a.name.startsWith('on')))
            .length,
          jsLinks: [...dialog.querySelectorAll('a')].filter(a => /^\s*javascript:/i.test(a.getAttribute('href') ?? ''))
            .length,
          prompt: dialog.querySelector('[data-testid="prompt"]')!.textContent,
        }
      })
      expect(found).toMatchObject({ pwned: null, scripts: 0, iframes: 0, handlers: 0, jsLinks: 0 })
      expect(found.prompt).toContain('{{query (todo now)}}')
      expect(dialogs).toEqual([])
      await page.close()
    })

    it('writes hostile note text into the Validation and Hygiene report pages only inside code spans', async () => {
      const { page, dialogs } = await openPlugin(scenario(hostileCorpus, '2030-01-01'))
      await runSlash(page, 'validate')
      await runSlash(page, 'hygiene')
      for (const name of ['Notekeeper/Validation report', 'Notekeeper/Hygiene report']) {
        const blocks = await page.evaluate(pageName => {
          type Block = { content: string; children: Block[] }
          const pages = (window as unknown as { __nk: { rec: { pages: Record<string, Block[]> } } }).__nk.rec.pages
          const all: string[] = []
          const walk = (list: Block[]): void => {
            for (const b of list) {
              all.push(b.content)
              walk(b.children)
            }
          }
          walk(pages[pageName] ?? [])
          return all
        }, name)
        expect(blocks.length, name).toBeGreaterThan(2)
        for (const content of blocks) {
          expect(content).not.toMatch(/[\r\n]/)
          const outsideCode = content.replace(/`[^`]*`/g, '')
          expect(outsideCode, content).not.toMatch(/[[\]{}<>#`]/)
          expect(content.startsWith('`'), content).toBe(false)
        }
        if (name.startsWith('Notekeeper/Validation'))
          expect(blocks.filter(b => b.includes('{{query (todo now)}}')).length).toBeGreaterThan(0)
      }
      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null)).toBeNull()
      expect(dialogs).toEqual([])
      await page.close()
    })
  })
}

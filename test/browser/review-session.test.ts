import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryVault } from '../../src/adapters/memory-vault.js'
import { loadCorpus } from '../../src/app/load-corpus.js'
import { derivedState } from '../../src/core/snapshot.js'
import { serializeState } from '../../src/core/state.js'
import { browserOrSkip, buildPlugin, checkout, launchChromium } from './faithful-host/build.js'
import { type FaithfulHost, type HostSession, LINES, startFaithfulHost } from './faithful-host/index.js'

// Issue 10 in the review window, end to end: the built plugin in the faithful host, real Chromium,
// real files. Undo, relearning and practising one note, each checked in the log and the state.

const TODAY = '2026-12-05'
const LOG = 'internalise/.srs/log.jsonl'

function readCorpus(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) walk(path)
      else files[relative(dir, path).split('\\').join('/')] = readFileSync(path, 'utf8')
    }
  }
  walk(dir)
  return files
}

/** state.json is what a replay gives, once the window has written it (after the next card is painted, coalesced: ADR 0024). */
async function expectStateIsReplay(s: HostSession): Promise<void> {
  const mismatch = async (): Promise<string | null> => {
    const files = s.files()
    const replayed = serializeState(derivedState(await loadCorpus(memoryVault(files)), TODAY))
    return files['internalise/.srs/state.json'] === replayed ? null : `state.json is not a replay:\n${replayed}`
  }
  await expect.poll(mismatch, { timeout: 5_000 }).toBeNull()
}

function addedLines(s: HostSession, before: string): unknown[] {
  const log = s.files()[LOG] ?? ''
  expect(log.startsWith(before)).toBe(true)
  return log
    .slice(before.length)
    .split('\n')
    .filter(l => l !== '')
    .map(l => JSON.parse(l) as unknown)
}

if (browserOrSkip()) {
  describe('the review window in the faithful host (issue 10)', () => {
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

    for (const line of LINES) {
      it(`under Logseq ${line}: undo writes a void line, an again comes back, the state is always a replay`, async () => {
        const corpus = readCorpus(`${checkout}/examples/corpus`)
        const before = corpus[LOG] ?? ''
        const s = await host.open(browser, { line, corpus, today: TODAY })
        await s.message(/^Notekeeper: indexed/)
        await s.slash('practice')
        const ui = s.plugin
        const currentId = async () => (await ui.locator('.nk-item-id').textContent()) ?? ''
        const answerAndGrade = async (key: string) => {
          await ui.getByTestId('answer').press('Enter')
          await ui.locator('.nk-grade-interval').first().waitFor()
          await s.page.keyboard.press(key)
        }

        await ui.getByTestId('progress').waitFor()
        const first = await currentId()
        await ui.getByTestId('answer').fill('when they propose it')
        await answerAndGrade('3')
        await ui.waitForFunction(id => document.querySelector('.nk-item-id')?.textContent !== id, first)
        // Undo with the button: the item is back, the log has the void, the state follows.
        await ui.getByTestId('undo').click()
        await ui.waitForFunction(id => document.querySelector('.nk-item-id')?.textContent === id, first)
        expect(addedLines(s, before)).toEqual([
          { item: first, date: TODAY, grade: 'good' },
          { item: first, date: TODAY, void: 'good' },
        ])
        await expectStateIsReplay(s)

        // Again on the first; the three others good; the first comes back, marked, at the end.
        await answerAndGrade('1')
        const others: string[] = []
        for (let n = 0; n < 3; n++) {
          await ui.waitForFunction(
            seen => !seen.includes(document.querySelector('.nk-item-id')?.textContent ?? ''),
            [first, ...others],
          )
          others.push(await currentId())
          await answerAndGrade('3')
        }
        await ui.getByTestId('relearning').waitFor()
        expect(await currentId()).toBe(first)
        await answerAndGrade('4')
        await ui.getByTestId('summary').waitFor()
        expect(await ui.getByTestId('summary').textContent()).toBe(
          'Practised 4 of 4 items: 1 again, 0 hard, 3 good, 1 easy (5 grades; 1 relearned).',
        )
        expect(await ui.getByTestId('retention').textContent()).toContain('Retention today: 75 %')
        expect(await ui.getByTestId('time-spent').textContent()).toMatch(/^Time spent: \d+ (s|min \d+ s)\.$/)
        expect(await ui.getByTestId('next-due').textContent()).toMatch(/^The next item is due on 2026-12-\d\d\.$/)
        expect(addedLines(s, before)).toEqual([
          { item: first, date: TODAY, grade: 'good' },
          { item: first, date: TODAY, void: 'good' },
          { item: first, date: TODAY, grade: 'again' },
          ...others.map(item => ({ item, date: TODAY, grade: 'good' })),
          { item: first, date: TODAY, grade: 'easy' },
        ])
        await expectStateIsReplay(s)

        // Ctrl+Z on the summary takes back the last grade (the relearned easy).
        await s.page.keyboard.press('Control+z')
        await ui.getByTestId('relearning').waitFor()
        expect(addedLines(s, before).at(-1)).toEqual({ item: first, date: TODAY, void: 'easy' })
        await expectStateIsReplay(s)
        // The state write holds the lock until just after state.json lands (ADR 0042).
        await expect.poll(() => s.files()['internalise/.srs/log.lock']).toBeUndefined()
        await s.close()
      })

      it(`under Logseq ${line}: practise only one note`, async () => {
        const corpus = readCorpus(`${checkout}/examples/corpus`)
        const before = corpus[LOG] ?? ''
        const s = await host.open(browser, { line, corpus, today: TODAY })
        await s.message(/^Notekeeper: indexed/)
        await s.slash('practice')
        const ui = s.plugin
        await ui.getByTestId('scope').waitFor()
        await ui.getByTestId('scope').selectOption('note:internalise/git.adoc')
        await ui.waitForFunction(() => document.querySelector('[data-testid="progress"]')?.textContent === '1 of 2')
        const seen: string[] = []
        for (let n = 1; n <= 2; n++) {
          await ui.waitForFunction(
            text => document.querySelector('[data-testid="progress"]')?.textContent === text,
            `${n} of 2`,
          )
          seen.push((await ui.locator('.nk-item-id').textContent()) ?? '')
          expect(await ui.getByTestId('where').textContent()).toMatch(/^internalise\/git\.adoc:\d+$/)
          await ui.getByTestId('answer').press('Enter')
          await ui.locator('.nk-grade-interval').first().waitFor()
          await s.page.keyboard.press('3')
        }
        await ui.getByTestId('summary').waitFor()
        expect(seen.every(id => id.startsWith('git#'))).toBe(true)
        expect(addedLines(s, before)).toEqual(seen.map(item => ({ item, date: TODAY, grade: 'good' })))
        await expectStateIsReplay(s)
        await s.close()
      })
    }

    it('says a skipped log line above the first card, and practice goes on', async () => {
      const corpus = readCorpus(`${checkout}/examples/corpus`)
      const before = corpus[LOG] ?? ''
      corpus[LOG] = `${before}{"item":"git#reflog","date":"2026-12-01","grade":"fine"}\n`
      const line = before.split('\n').length
      const s = await host.open(browser, { line: '2.x', corpus, today: TODAY })
      await s.message(/^Notekeeper: indexed/)
      await s.slash('practice')
      const ui = s.plugin
      await ui.getByTestId('practice-warnings').waitFor()
      // The example's log holds a bad line of its own (line 217, on purpose): both are said, in order.
      expect(await ui.getByTestId('practice-warnings').locator('p').allTextContents()).toEqual([
        'Warning: internalise/.srs/log.jsonl:217: skipped: not a valid review: not valid JSON',
        `Warning: internalise/.srs/log.jsonl:${line}: skipped: not a valid review: "grade" must be one of again, hard, good, easy, got "fine"`,
      ])
      expect(await ui.getByTestId('progress').textContent()).toMatch(/^1 of \d+$/)
      await s.close()
    })

    it('renders the response without stray +, code styled, and takes colours from Logseq --ls-* variables', async () => {
      const corpus = readCorpus(`${checkout}/examples/corpus`)
      const s = await host.open(browser, { line: '2.x', corpus, today: '2027-06-01', theme: 'dark' })
      // A custom Logseq theme on the host page: its variables must reach the window.
      await s.page.addStyleTag({
        content: ':root { --ls-primary-background-color: rgb(1, 2, 3); --ls-primary-text-color: rgb(250, 240, 230); }',
      })
      await s.message(/^Notekeeper: indexed/)
      await s.slash('practice')
      const ui = s.plugin
      await ui.getByTestId('scope').waitFor()
      await ui.getByTestId('scope').selectOption('note:internalise/git.adoc')
      // Find the reflog item (a response with a continuation and a [source,shell] listing).
      for (let n = 0; n < 20; n++) {
        await ui.getByTestId('prompt').waitFor()
        if (((await ui.locator('.nk-item-id').textContent()) ?? '') === 'git#reflog') break
        await ui.getByTestId('skip').click()
        await ui.waitForTimeout(50)
      }
      expect(await ui.locator('.nk-item-id').textContent()).toBe('git#reflog')
      await ui.getByTestId('answer').fill('git reflog')
      await ui.getByTestId('answer').press('Enter')
      await ui.getByTestId('response').locator('pre').waitFor()
      const look = await ui.evaluate(() => {
        const response = document.querySelector('[data-testid="response"]')!
        const dialog = document.querySelector('.nk-dialog')!
        const pre = response.querySelector('pre')!
        return {
          text: response.textContent ?? '',
          diff: document.querySelector('[data-testid="diff"]')?.textContent ?? '',
          preBackground: getComputedStyle(pre).backgroundColor,
          preFont: getComputedStyle(pre).fontFamily,
          dialogBackground: getComputedStyle(dialog).backgroundColor,
          dialogColor: getComputedStyle(dialog).color,
        }
      })
      expect(look.text).toContain('git branch rescue e1f3a9c')
      expect(look.text).not.toMatch(/^\s*\+\s*$/m)
      expect(look.text).not.toContain('[source,shell]')
      expect(look.diff).not.toContain('[source')
      expect(look.preBackground).not.toBe('rgba(0, 0, 0, 0)')
      expect(look.preFont).toMatch(/mono/i)
      expect(look.dialogBackground).toBe('rgb(1, 2, 3)')
      expect(look.dialogColor).toBe('rgb(250, 240, 230)')
      await s.close()
    })

    it('a window pinned to light in the settings keeps its own colours under a dark Logseq', async () => {
      const corpus = readCorpus(`${checkout}/examples/corpus`)
      const s = await host.open(browser, {
        line: '0.10',
        corpus,
        today: '2027-06-01',
        theme: 'dark',
        settings: { theme: 'light' },
      })
      await s.page.addStyleTag({
        content: ':root { --ls-primary-background-color: rgb(1, 2, 3); --ls-primary-text-color: rgb(250, 240, 230); }',
      })
      await s.message(/^Notekeeper: indexed/)
      await s.slash('practice')
      await s.plugin.getByTestId('prompt').waitFor()
      const look = await s.plugin.evaluate(() => ({
        mode: document.documentElement.dataset['theme'],
        background: getComputedStyle(document.querySelector('.nk-dialog')!).backgroundColor,
      }))
      expect(look.mode).toBe('light')
      expect(look.background).not.toBe('rgb(1, 2, 3)')
      await s.close()
    })
  })
}

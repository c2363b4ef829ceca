import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium } from 'playwright-core'
import { build } from 'vite'
import { describe, expect, it } from 'vitest'
import { sharedBuild } from '../../support/shared-build.js'

export const CHROMIUM = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
export const checkout = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..')
export const haveChromium = existsSync(CHROMIUM)

/**
 * The plugin as `npm run build` builds it (without source maps), in a temporary folder; built once
 * per test run and shared by the browser test files (test/support/shared-build.ts).
 */
export async function buildPlugin(): Promise<{ dir: string; remove: () => void }> {
  return sharedBuild(
    'plugin',
    async dir => {
      await build({
        configFile: join(checkout, 'vite.config.ts'),
        logLevel: 'error',
        build: { outDir: dir, emptyOutDir: true, sourcemap: false },
      })
    },
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'notekeeper-plugin-'))
      return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
    },
  )
}

/**
 * Chromium writes its own cache (dconf and the like) under XDG_CACHE_HOME and XDG_CONFIG_HOME: give
 * each browser a folder of its own and remove it when the browser closes, so a test run leaves
 * nothing behind in the temp folder (test/support/global-setup.ts checks that).
 */
export async function launchChromium(): Promise<Browser> {
  const home = mkdtempSync(join(tmpdir(), 'notekeeper-chromium-'))
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    env: { ...process.env, XDG_CACHE_HOME: join(home, 'cache'), XDG_CONFIG_HOME: join(home, 'config') },
  })
  browser.on('disconnected', () => rmSync(home, { recursive: true, force: true }))
  return browser
}

/**
 * Without Chromium the browser tests are skipped, loudly; NOTEKEEPER_REQUIRE_BROWSER=1 (CI)
 * makes that a failure. Returns true when the caller should define its tests.
 */
export function browserOrSkip(): boolean {
  if (haveChromium) return true
  const title = `browser tests skipped: no Chromium at ${CHROMIUM}`
  console.warn(
    `\n*** ${title}. Install it (apt-get install -y chromium) to run them; CI sets NOTEKEEPER_REQUIRE_BROWSER=1 to make this a failure. ***\n`,
  )
  describe('browser', () => {
    if (process.env['NOTEKEEPER_REQUIRE_BROWSER'] === '1')
      it('needs Chromium (NOTEKEEPER_REQUIRE_BROWSER=1)', () =>
        expect.fail(`${title}, and NOTEKEEPER_REQUIRE_BROWSER=1 requires them`))
    else it.skip(title, () => {})
  })
  return false
}

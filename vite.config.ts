import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

// One config, two builds:
//   `vite build`            the Logseq plugin (dist/index.html, the SDK bundled, Asciidoctor lazy)
//   `vite build --mode cli` the command line and the benchmark for Node (dist/cli/*.js)
// and vitest's projects: `unit-*` (everything in test/ but the browser tests) and `browser-*`
// (real Chromium through playwright-core; see test/browser/faithful-host/README.md), once per
// time zone (ZONES).
const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * Asciidoctor's browser build contains `new URL('.', import.meta.url)`, which makes vite emit a
 * byte-identical ~990 KB copy of `build/browser/index.js` (@asciidoctor/core 4.1.0) as an asset;
 * the page never requests it (it works with the copy deleted). Drop it from the plugin package.
 */
function dropUnusedAsciidoctorCopy(): Plugin {
  return {
    name: 'notekeeper-drop-unused-asciidoctor-copy',
    generateBundle(_options, bundle) {
      for (const [name, output] of Object.entries(bundle)) {
        if (
          output.type === 'asset' &&
          /(^|\/)index-[\w-]+\.js$/.test(name) &&
          String(output.source).includes('Asciidoctor')
        )
          delete bundle[name]
      }
    },
  }
}

/**
 * emptyOutDir is off so the CLI's dist/cli/ survives; this removes only what the plugin build
 * writes (index.html and assets/), so old hashed chunks do not pile up in the package.
 */
function cleanPluginOutput(): Plugin {
  let outDir = ''
  return {
    name: 'notekeeper-clean-plugin-output',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    buildStart() {
      rmSync(`${outDir}/assets`, { recursive: true, force: true })
      rmSync(`${outDir}/index.html`, { force: true })
    },
  }
}

/**
 * Every test runs in both time zones (`npm test` ran the whole suite once under each): one
 * project per zone, side by side in one run. vitest starts each project's worker processes with
 * its `env`, so TZ is in the process's environment from its start, as `TZ=… vitest run` set it.
 * Kiritimati (UTC+14) is a day ahead of UTC for 14 hours of every day.
 */
export const ZONES = [
  { id: 'utc', tz: 'UTC' },
  { id: 'kiritimati', tz: 'Pacific/Kiritimati' },
] as const

/**
 * Test files that replace a module (vi.mock): they run in fresh processes of their own, as a
 * mocked module would otherwise leak into, or be missed by, the files sharing a process with them.
 * test/repo/suite.test.ts fails when a file that mocks is missing here.
 */
export const MOCKING = ['test/app/fsrs-optimize-missing.test.ts', 'test/cli/errors.test.ts']

/**
 * Test files whose outcome depends on timing: the lock's pause between processes (its protocol
 * holds while no writer is stalled longer than the pause between its check and its write, ADR
 * 0005) and the ratios of two timings (the scanner's, the card's). They run after the others, one file at a time, on
 * a machine no busier than the serial suite made it: beside three other workers, two-writers lost
 * 3 of 601 reviews once (load 18) and linearity measured 3.3 for 3.
 */
export const ALONE = [
  'test/app/two-writers.test.ts',
  'test/asciidoc/linearity.test.ts',
  'test/cli/terminal-card.linearity.test.ts',
  'test/spec/log-writers.test.ts',
]

export default defineConfig(({ mode }) => {
  if (mode === 'cli') {
    return {
      build: {
        ssr: true,
        target: 'node20',
        outDir: 'dist/cli',
        emptyOutDir: true,
        minify: false,
        sourcemap: true,
        rollupOptions: {
          input: {
            notekeeper: `${root}src/cli/bin.ts`,
            start: `${root}src/cli/start.ts`,
            bench: `${root}bench/bench.ts`,
            'memory-child': `${root}bench/memory-child.ts`,
          },
          output: {
            format: 'es',
            entryFileNames: '[name].js',
            banner: chunk => (chunk.isEntry ? '#!/usr/bin/env node' : ''),
          },
        },
      },
    }
  }
  return {
    // The plugin: its HTML entry lives in src/plugin/, the output goes to the top-level dist/
    // (package.json `main: dist/index.html`) with relative URLs, as Logseq loads it from file://.
    // emptyOutDir stays false so that dist/cli/ (the other build) survives.
    root: `${root}src/plugin`,
    base: './',
    plugins: [dropUnusedAsciidoctorCopy(), cleanPluginOutput()],
    build: {
      outDir: `${root}dist`,
      emptyOutDir: false,
      target: 'es2022',
      sourcemap: true,
      chunkSizeWarningLimit: 600,
      rollupOptions: { input: `${root}src/plugin/index.html` },
    },
    test: {
      // The plugin build's root is src/plugin; the tests run from the checkout.
      root,
      // A temp folder per run, checked empty at the end (tests clean up after themselves).
      globalSetup: ['test/support/global-setup.ts'],
      // vitest's default on 2 cores is ONE worker: the suite ran file after file, one core idle
      // while a test waited for a child process, a lock's pause or Chromium. Most of the slow
      // files wait more than they compute, so three workers keep 2 cores busy (ADR 0028).
      maxWorkers: 3,
      projects: ZONES.flatMap(({ id, tz }) => [
        {
          extends: true,
          test: {
            name: `unit-${id}`,
            include: ['test/**/*.test.ts'],
            exclude: ['test/browser/**', ...MOCKING, ...ALONE],
            environment: 'node',
            env: { TZ: tz },
            testTimeout: 60_000,
            // One worker process runs many files, its modules loaded once: starting a process and
            // loading the app's modules per file was half the unit tests' CPU time (ADR 0028).
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: `unit-mocking-${id}`,
            include: MOCKING,
            environment: 'node',
            env: { TZ: tz },
            testTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: `unit-alone-${id}`,
            include: ALONE,
            environment: 'node',
            env: { TZ: tz },
            testTimeout: 60_000,
            maxWorkers: 1,
            sequence: { groupOrder: 1 },
          },
        },
        {
          extends: true,
          test: {
            name: `browser-${id}`,
            include: ['test/browser/**/*.test.ts'],
            environment: 'node',
            env: { TZ: tz },
            testTimeout: 120_000,
            hookTimeout: 180_000,
          },
        },
      ]),
    },
  }
})

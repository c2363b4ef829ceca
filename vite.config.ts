import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

// One config, two builds:
//   `vite build`            the Logseq plugin (dist/index.html, the SDK bundled, Asciidoctor lazy)
//   `vite build --mode cli` the command line and the benchmark for Node (dist/cli/*.js)
// and vitest's two projects: `unit` (everything in test/ but the browser tests) and `browser`
// (real Chromium through playwright-core; see test/browser/README.md).
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
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['test/**/*.test.ts'],
            exclude: ['test/browser/**'],
            environment: 'node',
            testTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            include: ['test/browser/**/*.test.ts'],
            environment: 'node',
            testTimeout: 120_000,
            hookTimeout: 180_000,
            fileParallelism: false,
          },
        },
      ],
    },
  }
})

import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

// One config, two builds:
//   `vite build`            the Logseq plugin (dist/index.html, the SDK bundled, Asciidoctor lazy)
//   `vite build --mode cli` the command line and the benchmark for Node (dist/cli/*.js)
// and vitest's two projects: `unit` (everything in test/ but the browser tests) and `browser`
// (real Chromium through playwright-core; see test/browser/README.md).
const root = fileURLToPath(new URL('.', import.meta.url))

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
            notekeeper: `${root}src/cli/main.ts`,
            start: `${root}src/cli/start.ts`,
            bench: `${root}bench/bench.ts`,
          },
          output: { format: 'es', entryFileNames: '[name].js', banner: (chunk) => (chunk.isEntry ? '#!/usr/bin/env node' : '') },
        },
      },
    }
  }
  return {
    base: './',
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      sourcemap: true,
      rollupOptions: { input: `${root}index.html` },
    },
    test: {
      projects: [
        {
          extends: true,
          test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/browser/**'], environment: 'node', testTimeout: 60_000 },
        },
        {
          extends: true,
          test: { name: 'browser', include: ['test/browser/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false },
        },
      ],
    },
  }
})

import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Not a test suite: runs bench/plugin-startup.measure.ts (the plugin's start-up in the faithful
// host under real Chromium) for bench/plugin-step.ts, which reads the JSON line it prints.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['bench/plugin-startup.measure.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
})

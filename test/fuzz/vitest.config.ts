import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// `npm run test:fuzz`: the full fuzz set, apart from `npm test` (which runs only quick.test.ts).
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/fuzz/**/*.fuzz.ts'],
    environment: 'node',
    testTimeout: 1_200_000,
    hookTimeout: 180_000,
  },
})

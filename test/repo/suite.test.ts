import { describe, expect, it } from 'vitest'
import type { TestProjectInlineConfiguration } from 'vitest/config'
import viteConfig, { ALONE, MOCKING, ZONES } from '../../vite.config.js'
import { filesUnder, readRepoFile, withoutComments } from './source-files.js'

// The suite's own shape (ADR 0028): one run holds every test once per time zone, and the files
// that mock a module run in processes of their own. A change to vite.config.ts that dropped a
// zone, or a new test file that mocks in a shared process, fails here rather than going unseen.

const config = typeof viteConfig === 'function' ? viteConfig({ mode: 'test', command: 'serve' }) : viteConfig
const projects = ((config as { test?: { projects?: unknown[] } }).test?.projects ??
  []) as TestProjectInlineConfiguration[]
const byName = new Map(projects.map(project => [project.test?.name as string, project.test ?? {}]))

describe('the test suite', () => {
  it('runs every project once under each time zone, the same files in each', () => {
    const kinds = ['unit', 'unit-mocking', 'unit-alone', 'browser']
    expect([...byName.keys()].sort()).toEqual(ZONES.flatMap(({ id }) => kinds.map(kind => `${kind}-${id}`)).sort())
    for (const kind of kinds) {
      const [first, ...others] = ZONES.map(({ id, tz }) => {
        const project = byName.get(`${kind}-${id}`)!
        expect(project.env?.['TZ']).toBe(tz)
        const { env: _env, name: _name, ...rest } = project
        return rest
      })
      for (const other of others) expect(other).toEqual(first)
    }
  })

  it('runs in the time zone its project names, in this process', () => {
    // January: no daylight saving in either zone. Kiritimati is UTC+14.
    const offsets: Record<string, number> = { UTC: 0, 'Pacific/Kiritimati': -14 * 60 }
    const tz = process.env['TZ'] ?? ''
    expect(Object.keys(offsets)).toContain(tz)
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(offsets[tz])
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(tz)
  })

  it('runs each file that mocks a module in a fresh process, and only those', () => {
    const mocking = filesUnder('test', ['.test.ts']).filter(file =>
      /\bvi\.(mock|doMock|unmock|doUnmock)\(/.test(withoutComments(readRepoFile(file))),
    )
    expect(mocking).toEqual([...MOCKING].sort())
    for (const { id } of ZONES) {
      expect(byName.get(`unit-${id}`)?.isolate).toBe(false)
      expect(byName.get(`unit-mocking-${id}`)?.isolate ?? true).toBe(true)
    }
  })

  it('runs the files that depend on timing after the others, one at a time', () => {
    for (const { id } of ZONES) {
      const alone = byName.get(`unit-alone-${id}`)!
      expect(alone.include).toEqual(ALONE)
      expect(alone.maxWorkers).toBe(1)
      expect(alone.sequence?.groupOrder).toBeGreaterThan(0)
      expect(byName.get(`unit-${id}`)?.exclude).toEqual(expect.arrayContaining(ALONE))
    }
  })
})

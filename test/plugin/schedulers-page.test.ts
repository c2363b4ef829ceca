import { describe, expect, it } from 'vitest'
import { sparkline } from '../../src/plugin/pages/schedulers-page.js'

describe('the per-day chart', () => {
  it('draws a bar per day scaled to the busiest day, a dot for none', () => {
    expect(sparkline([0, 1, 4, 8], 8)).toBe('·▁▄█')
    expect(sparkline([0, 0], 0)).toBe('··')
  })
})

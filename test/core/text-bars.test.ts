import { describe, expect, it } from 'vitest'
import { textBars } from '../../src/core/text-bars.js'

describe('the text bar charts of stats and the scheduler page', () => {
  it('draws a bar per value scaled to the largest, a dot for none', () => {
    expect(textBars([0, 1, 4, 8], 8)).toBe('·▁▄█')
    expect(textBars([0, 0], 0)).toBe('··')
    expect(textBars([])).toBe('')
  })

  it('draws the largest value as the tallest bar, however small the numbers (QA: 3 reviews were ▆, a busiest day of 1 was ▁)', () => {
    expect(textBars([3])).toBe('█')
    expect(textBars([0, 1, 0, 1])).toBe('·█·█')
    expect(textBars([1, 2, 3])).toBe('▃▆█')
    // Any value above nothing is at least the lowest bar, never a dot.
    expect(textBars([1, 1000])).toBe('▁█')
  })

  it('scales to a larger maximum when given one (the scheduler page compares rows by eye)', () => {
    expect(textBars([1, 2], 16)).toBe('▁▁')
    expect(textBars([16], 16)).toBe('█')
  })
})

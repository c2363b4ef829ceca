const BARS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const

/**
 * One character per value, scaled to `max` (the largest value unless given: the scheduler page
 * scales every row to the busiest day of all): `·` for nothing, else one of eight heights, the
 * largest value always the tallest and any value above nothing at least the lowest. Plain Unicode
 * block characters, which neither a terminal nor Logseq reads as markup. The terminal's `stats`
 * and the plugin's scheduler page draw with it alike.
 */
export function textBars(values: readonly number[], max = Math.max(0, ...values)): string {
  return values
    .map(v =>
      v <= 0 || max <= 0 ? '·' : BARS[Math.max(0, Math.min(BARS.length - 1, Math.ceil((v / max) * BARS.length) - 1))],
    )
    .join('')
}

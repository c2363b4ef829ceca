import type { IsoDate } from './types.js'

// Static SVG charts for the Statistics page (docs/adr/0018-statistics-charts.md). They are drawn
// from numbers and from dates the program formats itself, never from note text, and use only
// elements and attributes DOMPurify's SVG profile keeps (svg, g, rect, text, title; fill, x, y,
// width, height, viewBox): no style, no script, no links, so the host's sanitiser leaves them whole.

const SHADES = ['#ebedf0', '#c6e48b', '#7bc96f', '#239a3b', '#196127'] as const
const BAR = '#4a7fb5'
const CELL = 11

function assertFinite(values: readonly number[]): void {
  for (const v of values) if (!Number.isFinite(v)) throw new RangeError(`a chart value must be a finite number: ${v}`)
}

/** A number as SVG text: only digits, a minus, a point; anything else is refused. */
function num(value: number): string {
  const text = String(Math.round(value * 100) / 100)
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new RangeError(`not a chart number: ${value}`)
  return text
}

/** A label the program made (a date, a period, a number with a unit): checked to hold nothing else. */
function label(text: string): string {
  if (!/^[0-9A-Za-z .,:%+()–-]*$/.test(text)) throw new RangeError(`not a chart label: ${text}`)
  return text
}

function svg(width: number, height: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}"><title>${label(title)}</title>${body}</svg>`
}

/** The calendar heatmap of reviews per day: a column per week, Monday on top, darker = more reviews. */
export function heatmapSvg(days: readonly { date: IsoDate; reviews: number }[]): string {
  assertFinite(days.map(d => d.reviews))
  const max = Math.max(0, ...days.map(d => d.reviews))
  const first = days[0]?.date
  // The weekday of the first day (0 = Monday) puts it in its row; 1970-01-01 was a Thursday.
  const offset =
    first === undefined
      ? 0
      : (((Date.UTC(+first.slice(0, 4), +first.slice(5, 7) - 1, +first.slice(8, 10)) / 86_400_000 + 3) % 7) + 7) % 7
  let cells = ''
  days.forEach((day, i) => {
    const slot = i + offset
    const shade = day.reviews === 0 || max === 0 ? 0 : Math.min(4, 1 + Math.floor(((day.reviews - 1) / max) * 4))
    cells += `<rect x="${num(Math.floor(slot / 7) * CELL)}" y="${num((slot % 7) * CELL)}" width="${CELL - 2}" height="${CELL - 2}" fill="${SHADES[shade]}"><title>${label(`${day.date}: ${day.reviews}`)}</title></rect>`
  })
  const columns = Math.ceil((days.length + offset) / 7)
  return svg(columns * CELL, 7 * CELL, `Reviews per day, ${days.length} days`, cells)
}

/** A bar chart with one bar per value, a label under the first and last, and the maximum at the top. */
export function barChartSvg(
  title: string,
  bars: readonly { label: string; value: number }[],
  options: { max?: number; unit?: string } = {},
): string {
  assertFinite(bars.map(b => b.value))
  const width = Math.max(120, bars.length * 8)
  const barWidth = width / Math.max(1, bars.length)
  const plot = 80
  const max = options.max ?? Math.max(1, ...bars.map(b => b.value))
  let body = `<text x="0" y="10" font-size="10" fill="#555">${label(`${num(max)}${options.unit ?? ''}`)}</text>`
  bars.forEach((bar, i) => {
    const height = max === 0 ? 0 : (Math.max(0, bar.value) / max) * plot
    body += `<rect x="${num(i * barWidth)}" y="${num(14 + plot - height)}" width="${num(Math.max(1, barWidth - 1))}" height="${num(height)}" fill="${BAR}"><title>${label(`${bar.label}: ${num(bar.value)}${options.unit ?? ''}`)}</title></rect>`
  })
  const firstLabel = bars[0]?.label ?? ''
  const lastLabel = bars.at(-1)?.label ?? ''
  body += `<text x="0" y="${plot + 28}" font-size="10" fill="#555">${label(firstLabel)}</text>`
  if (bars.length > 1)
    body += `<text x="${num(width)}" y="${plot + 28}" font-size="10" fill="#555" text-anchor="end">${label(lastLabel)}</text>`
  return svg(width, plot + 32, title, body)
}

// Writes examples/corpus/internalise/.srs/log.jsonl: a learner's review history, simulated.
// Usage: node examples/make-log.mjs   (deterministic: the same notes give the same bytes)
//
// The learner introduces the declared items a few at a time from 2026-08-01, reviews what is due
// under the default Leitner rules (SPEC 1.6) on most days but not all, and grades like a person:
// new and hard items fail more, well-known ones rarely. The log then carries a few things a real
// log collects, each listed in examples/README.md: a leech, lines synced late (out of date order),
// reviews of an item that was since deleted, and one line cut short by a crash.
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const corpus = fileURLToPath(new URL('./corpus/', import.meta.url))
const internalise = join(corpus, 'internalise')
const FIRST_DAY = '2026-08-01'
const LAST_DAY = '2026-11-29'
const LEECH = 'lang/french#eventuellement'
const DELETED_ITEM = 'english#who-whom'

// ---------------------------------------------------------------- a seeded PRNG (mulberry32; Math.imul keeps it in 32 bits)

function prng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = prng(20261129)

// ---------------------------------------------------------------- calendar dates through UTC only

const toDays = (iso) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000
const fromDays = (n) => new Date(n * 86_400_000).toISOString().slice(0, 10)
const addDays = (iso, n) => fromDays(toDays(iso) + n)
function addMonths(iso, n) {
  const year = +iso.slice(0, 4)
  const month = +iso.slice(5, 7) - 1 + n
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, month, Math.min(+iso.slice(8, 10), lastDay))).toISOString().slice(0, 10)
}

// ---------------------------------------------------------------- Leitner, as SPEC 1.6 states it

const INTERVALS = [{ days: 1 }, { days: 3 }, { days: 7 }, { days: 21 }, { months: 2 }, { months: 6 }]
const dueAfter = (date, level) => {
  const interval = INTERVALS[level - 1]
  return interval.days ? addDays(date, interval.days) : addMonths(date, interval.months)
}
function leitner(entry, date, grade) {
  const level = grade === 'again' ? 1 : Math.min(6, entry.level + { hard: 0, good: 1, easy: 2 }[grade])
  return { level, next_due: dueAfter(date, level) }
}

// ---------------------------------------------------------------- the declared items, by a simple reading of the notes

function adocFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => (entry.isDirectory() ? adocFiles(join(dir, entry.name)) : entry.name.endsWith('.adoc') ? [join(dir, entry.name)] : []))
    .sort()
}

function declaredItems() {
  const ids = []
  for (const file of adocFiles(internalise)) {
    const note = relative(internalise, file).split('\\').join('/').replace(/\.adoc$/, '')
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const anchor = /^\[\[([A-Za-z_:][\w:.-]*)\]\].*::/.exec(line)?.[1]
      if (anchor && !ids.includes(`${note}#${anchor}`)) ids.push(`${note}#${anchor}`)
    }
  }
  return ids
}

// ---------------------------------------------------------------- the learner

function gradeFor(item, level) {
  if (item.id === LEECH && item.failures < 5) return 'again' // the false friend that never sticks
  // Other items are learnt in the end: after three failures the learner has it, so the leech stays the only one.
  const pAgain = item.failures >= 3 ? 0 : item.difficulty * (level <= 2 ? 0.4 : 0.15)
  const r = random()
  if (r < pAgain) return 'again'
  if (r < pAgain + 0.15) return 'hard'
  if (r < pAgain + 0.15 + (level >= 3 ? 0.25 : 0.12)) return 'easy'
  return 'good'
}

function simulate(ids) {
  // Three new items every five days, in note order, until all are introduced.
  const items = ids.map((id, index) => ({
    id,
    introduced: addDays(FIRST_DAY, Math.floor(index / 3) * 5),
    difficulty: 0.15 + random() * 0.5,
    failures: 0,
    entry: null,
  }))
  const lines = []
  for (let day = FIRST_DAY; day <= LAST_DAY; day = addDays(day, 1)) {
    if (day < addDays(LAST_DAY, -2) && random() < 0.12) continue // a missed day: what was due waits until tomorrow
    for (const item of items) {
      if (item.introduced > day) continue
      item.entry ??= { level: 1, next_due: addDays(item.introduced, 1) }
      if (item.entry.next_due > day) continue
      const grade = gradeFor(item, item.entry.level)
      if (grade === 'again') item.failures++
      item.entry = leitner(item.entry, day, grade)
      lines.push({ item: item.id, date: day, grade })
    }
  }
  return lines
}

// ---------------------------------------------------------------- what a real log collects

function withRealWorldBlemishes(reviews) {
  const lines = reviews.map((review) => JSON.stringify(review))
  // Two reviews of an item deleted from english.adoc in October: they stay in the log.
  const deletedAt = reviews.findIndex((review) => review.date >= '2026-08-20')
  lines.splice(deletedAt, 0, JSON.stringify({ item: DELETED_ITEM, date: '2026-08-20', grade: 'good' }))
  const deletedAgain = reviews.findIndex((review) => review.date >= '2026-08-23') + 1
  lines.splice(deletedAgain, 0, JSON.stringify({ item: DELETED_ITEM, date: '2026-08-23', grade: 'easy' }))
  // Three reviews done offline on the phone and synced a few days later: out of date order.
  for (const from of ['2026-09-14', '2026-10-09', '2026-11-03']) {
    const at = lines.findIndex((line) => line.startsWith('{"item"') && JSON.parse(line).date >= from)
    const [late] = lines.splice(at, 1)
    const syncedAt = lines.findIndex((line) => JSON.parse(line).date >= addDays(from, 3))
    lines.splice(syncedAt + 1, 0, late)
  }
  // A write cut short by a crash (before the writers took the lock); the next line starts afresh.
  const crashAt = lines.findIndex((line) => JSON.parse(line).date >= '2026-10-20')
  lines.splice(crashAt, 0, '{"item":"git#bisect","date":"2026-10-20","gra')
  return lines
}

const lines = withRealWorldBlemishes(simulate(declaredItems()))
const out = join(internalise, '.srs', 'log.jsonl')
mkdirSync(join(internalise, '.srs'), { recursive: true })
writeFileSync(out, lines.join('\n') + '\n')

// A summary, with the line numbers examples/README.md lists.
const lineOf = (predicate) => lines.findIndex(predicate) + 1
const parsed = lines.flatMap((line) => { try { return [JSON.parse(line)] } catch { return [] } })
const dates = parsed.map((review) => review.date)
const first = dates.reduce((a, b) => (a < b ? a : b))
const last = dates.reduce((a, b) => (a > b ? a : b))
console.log(`wrote ${relative(process.cwd(), out)}: ${lines.length} lines, ${first} .. ${last}, ${parsed.length} reviews`)
console.log(`leech ${LEECH}: ${parsed.filter((r) => r.item === LEECH && r.grade === 'again').length} agains`)
console.log(`deleted item ${DELETED_ITEM}: lines ${lines.flatMap((line, i) => (line.includes(DELETED_ITEM) ? [i + 1] : [])).join(', ')}`)
console.log(`malformed: line ${lineOf((line) => line.endsWith('"gra'))}`)
const outOfOrder = []
let latest = ''
lines.forEach((line, i) => {
  if (line.endsWith('"gra')) return
  const { date } = JSON.parse(line)
  if (date < latest) outOfOrder.push(i + 1)
  else latest = date
})
const failures = new Map()
for (const r of parsed) if (r.grade === 'again') failures.set(r.item, (failures.get(r.item) ?? 0) + 1)
console.log(`items with 4+ agains: ${[...failures].filter(([, n]) => n >= 4).map(([id, n]) => `${id} (${n})`).join(', ')}`)
console.log(`out of date order: lines ${outOfOrder.join(', ')}`)

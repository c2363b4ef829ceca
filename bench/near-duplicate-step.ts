import { proseOfText } from '../src/core/asciidoc/verbatim.js'
import { DEFAULT_CONFIG } from '../src/core/config.js'
import {
  exactAllPairs,
  lshPairs,
  type ShingledNote,
  type SimilarPair,
  shingleNote,
} from '../src/core/hygiene/near-duplicates.js'
import { nearCopy, noteText, planCorpus } from './generate.js'
import { CHEAP_RUNS, EXPENSIVE_RUNS, number, ratio, row, seconds, timed } from './measure.js'

// The near-duplicate step, LSH against exact all-pairs, on 1,000 generated notes plus planted
// near-copies: how much faster LSH is, and whether it misses pairs the exact comparison finds.

interface Planted {
  source: number
  copy: number
  fraction: number
}

export async function nearDuplicateStep(seed: number): Promise<void> {
  const plan = planCorpus({ notes: 1000, items: 3000 })
  const texts = plan.map(note => ({ path: note.path, text: noteText(note, plan, seed) }))
  const planted: Planted[] = []
  for (const [k, fraction] of [0.05, 0.15].entries()) {
    for (let i = 0; i < 20; i++) {
      const source = (k * 20 + i) * 23 + 5
      const original = texts[source]
      if (!original) continue
      planted.push({ source, copy: texts.length, fraction })
      texts.push({
        path: `reference/copies/copy-${k}-${i}.adoc`,
        text: nearCopy(original.text, fraction, seed + source),
      })
    }
  }
  const threshold = DEFAULT_CONFIG.hygiene.nearDuplicate
  const shingling = await timed(CHEAP_RUNS, () => texts.map(note => shingleNote(note.path, proseOfText(note.text))))
  const shingled: ShingledNote[] = shingling.result
  const lsh = await timed(CHEAP_RUNS, () => lshPairs(shingled, threshold))
  const exact = await timed(EXPENSIVE_RUNS, () => exactAllPairs(shingled, threshold))
  const found = (pairs: readonly SimilarPair[]): Set<string> =>
    new Set(pairs.map(({ a, b }) => `${Math.min(a, b)}:${Math.max(a, b)}`))
  const lshFound = found(lsh.result)
  const exactFound = found(exact.result)
  const recall = (pairs: Set<string>, fraction: number): string => {
    const wanted = planted.filter(p => p.fraction === fraction)
    return `${wanted.filter(p => pairs.has(`${p.source}:${p.copy}`)).length}/${wanted.length}`
  }
  const agreed = [...exactFound].filter(pair => lshFound.has(pair)).length
  console.log(
    `\nnear-duplicates on ${number(texts.length)} notes (1,000 + 20 copies with 5 % and 20 with 15 % of words changed), threshold ${threshold}:`,
  )
  row('  shingling (word 3-shingles)', seconds(shingling.ms), seconds(shingling.cpuMs), '', '', '', '')
  row('  MinHash + LSH, then exact Jaccard', seconds(lsh.ms), seconds(lsh.cpuMs), '', '', '', '')
  row('  exact all-pairs (ratio: to LSH)', seconds(exact.ms), seconds(exact.cpuMs), '', ratio(exact.ms, lsh.ms), '', '')
  console.log(
    `  recall of the planted copies   LSH: 5 % ${recall(lshFound, 0.05)}, 15 % ${recall(lshFound, 0.15)}   exact: 5 % ${recall(exactFound, 0.05)}, 15 % ${recall(exactFound, 0.15)}`,
  )
  console.log(
    `  LSH found ${agreed} of the ${exactFound.size} pairs exact all-pairs found (${lshFound.size - agreed} others)`,
  )
}

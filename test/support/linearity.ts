import { performance } from 'node:perf_hooks'

// How the linearity tests measure (test/asciidoc/linearity.test.ts, test/cli/terminal-card.
// linearity.test.ts): one input at two sizes, 4x apart, the best of three runs each, compared per
// byte. Ratios of two sizes, not absolute times, so that a slow or busy machine does not fail them.

function bestOfThree(read: (text: string) => unknown, text: string): number {
  let best = Number.POSITIVE_INFINITY
  for (let run = 0; run < 3; run++) {
    const start = performance.now()
    read(text)
    best = Math.min(best, performance.now() - start)
  }
  // Below a millisecond the clock's resolution is the measure; count it as one.
  return Math.max(best, 1)
}

/** What 4x the input costs per byte against the input (`make(n)`, then `make(4n)`), with both figures for the message. */
export function perByteGrowth(
  read: (text: string) => unknown,
  make: (n: number) => string,
  n: number,
): { ratio: number; detail: string } {
  const small = make(n)
  const large = make(n * 4)
  read(small) // the code compiled before either is timed
  const perByteSmall = bestOfThree(read, small) / small.length
  const perByteLarge = bestOfThree(read, large) / large.length
  return {
    ratio: perByteLarge / perByteSmall,
    detail: `${small.length} B and ${large.length} B, ${(perByteSmall * 1e6).toFixed(1)} and ${(perByteLarge * 1e6).toFixed(1)} ns/B`,
  }
}

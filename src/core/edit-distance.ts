/** Levenshtein distance: how many one-character edits turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution))
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

/** The one known name a typo is closest to (a prefix of it, or within two edits), or null. */
export function nearestName(typo: string, known: readonly string[]): string | null {
  const near = known.filter(name => name.startsWith(typo) || editDistance(typo, name) <= 2)
  return near.length === 1 ? (near[0] as string) : null
}

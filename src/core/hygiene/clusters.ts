import type { Place } from './contradiction-finding.js'

// Candidate pairs become clusters: one finding per group of places that are linked by pairs,
// with its members, instead of one per pair (sixty notes that all say the same thing are one
// thing to look at, not 1,770). Disjoint sets over the entries keep the memory proportional
// to the entries compared, never to the number of pairs found (docs/adr/0006).

/** Disjoint sets over 0..count-1: union by size, path halving. */
export class Clusters {
  private readonly parent: Int32Array
  private readonly size: Int32Array

  constructor(count: number) {
    this.parent = new Int32Array(count)
    this.size = new Int32Array(count).fill(1)
    for (let i = 0; i < count; i++) this.parent[i] = i
  }

  find(x: number): number {
    const parent = this.parent
    let at = x
    while (parent[at] !== at) {
      const grand = parent[parent[at] as number] as number
      parent[at] = grand
      at = grand
    }
    return at
  }

  /** Joins the clusters of x and y; returns the root of the joined cluster. */
  union(x: number, y: number): number {
    let a = this.find(x)
    let b = this.find(y)
    if (a === b) return a
    if ((this.size[a] as number) < (this.size[b] as number)) [a, b] = [b, a]
    this.parent[b] = a
    this.size[a] = (this.size[a] as number) + (this.size[b] as number)
    return a
  }

  /** The clusters of more than one entry, each its members in ascending order. */
  groups(): number[][] {
    const byRoot = new Map<number, number[]>()
    for (let i = 0; i < this.parent.length; i++) {
      if ((this.size[this.find(i)] as number) < 2) continue
      const root = this.find(i)
      const group = byRoot.get(root)
      if (group) group.push(i)
      else byRoot.set(root, [i])
    }
    return [...byRoot.values()]
  }
}

/** Places in file then line order, each once. */
export function distinctPlaces(places: readonly Place[]): Place[] {
  const sorted = [...places].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line))
  return sorted.filter((place, i) => {
    const previous = sorted[i - 1]
    return previous === undefined || previous.file !== place.file || previous.line !== place.line
  })
}

/** How many different files the places are in. */
export function fileCount(places: readonly Place[]): number {
  return new Set(places.map(place => place.file)).size
}

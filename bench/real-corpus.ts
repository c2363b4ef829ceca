import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

// The real AsciiDoc of ../shared/ext-corpora/asciidoc (public repositories, their licences in
// its README.txt): read in place, never copied into the repository. The benchmark and the
// precision test use it when it is there and say so loudly when it is not.

/** The repository's root: the nearest folder above this module with a package.json (the source or the bundle in dist/cli). */
export function repositoryRoot(from: string = import.meta.dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir
    if (dirname(dir) === dir) return from
  }
}

/** Where the real corpus is: `../shared/ext-corpora/asciidoc` from the repository root, else the same folder under /work. */
export function realCorpusRoot(root: string = repositoryRoot()): string | null {
  for (const candidate of [
    resolve(root, '..', 'shared', 'ext-corpora', 'asciidoc'),
    '/work/shared/ext-corpora/asciidoc',
  ])
    if (existsSync(join(candidate, 'README.txt'))) return candidate
  return null
}

export const MISSING_CORPUS =
  'REAL CORPUS MISSING: ../shared/ext-corpora/asciidoc (or /work/shared/ext-corpora/asciidoc) is not there; the real-text figures are NOT measured'

/** Every `.adoc` file below `root`, as paths relative to it with `/`, in code-unit order. */
export function adocFiles(root: string): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile() && entry.name.endsWith('.adoc')) found.push(relative(root, path).split('\\').join('/'))
    }
  }
  walk(root)
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

export function readText(root: string, path: string): string {
  return readFileSync(join(root, path), 'utf8')
}

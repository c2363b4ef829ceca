// Where the shared corpus of real AsciiDoc is (public repositories nobody here wrote, never
// copied into this repository), for the tests that read it. Without it a test says so loudly and
// passes; NOTEKEEPER_REQUIRE_CORPUS=1 (CI, where the corpus is present) makes it fail instead.

import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** NOTEKEEPER_EXT_CORPORA (the ext-corpora folder or its asciidoc/ folder), else ../shared beside the checkout. */
export function realCorpusFolder(): { folder: string; candidates: string[] } {
  const fromEnv = process.env['NOTEKEEPER_EXT_CORPORA']
  const candidates = fromEnv
    ? [join(fromEnv, 'asciidoc'), fromEnv]
    : [join(root, '../shared/ext-corpora/asciidoc'), '/work/shared/ext-corpora/asciidoc']
  return { folder: candidates.find(existsSync) ?? '', candidates }
}

export const realCorpusRequired = (): boolean => process.env['NOTEKEEPER_REQUIRE_CORPUS'] === '1'

/** Every `.adoc` under `folder`, as absolute paths, sorted. */
export function adocFiles(folder: string): string[] {
  return (readdirSync(folder, { recursive: true }) as string[])
    .filter(name => name.endsWith('.adoc'))
    .map(name => join(folder, name))
    .sort()
}

/**
 * The real corpus's folder, or null after saying loudly that `what` did not run on it; throws
 * when the corpus is required (NOTEKEEPER_REQUIRE_CORPUS=1) and absent.
 */
export function realCorpusOrSkip(what: string): string | null {
  const { folder, candidates } = realCorpusFolder()
  if (folder !== '') return folder
  if (realCorpusRequired())
    throw new Error(`${what}: the real corpus is required and absent (looked in ${candidates.join(', ')})`)
  console.warn(`!!! ${what} SKIPPED: no real corpus in ${candidates.join(' or ')}`)
  return null
}

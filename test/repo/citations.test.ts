import { existsSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder, REPO, readRepoFile } from './source-files.js'

// The repository stands on its own: what the code and the docs rely on is stated in them, with
// its public source, never as a pointer to notes outside the checkout (`../shared/…`, the
// research notes). Tests alone may read the real corpora in ../shared/ext-corpora.

const CHECKED = [
  ...filesUnder('src', ['.ts', '.css', '.html']),
  ...filesUnder('docs', ['.md', '.adoc']),
  ...filesUnder('bench', ['.ts']),
  'README.md',
  'vite.config.ts',
]

const OUTSIDE = [
  /\.\.\/shared\b/,
  /\/work\/shared\b/,
  /\bresearch\/[\w-]+\.md\b/,
  /\bresearch notes?\b/i,
  /\bresearch §/,
  /\bshared\/SPEC\.md\b/,
]

/** `file:line: text` of every line that points outside the repository. */
function outsideCitations(files: readonly { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    text
      .split('\n')
      .flatMap((line, index) =>
        OUTSIDE.some(pattern => pattern.test(line)) ? [`${path}:${index + 1}: ${line.trim()}`] : [],
      ),
  )
}

describe('citations stay inside the repository', () => {
  it('checks the files it should', () => {
    expect(CHECKED).toContain('docs/spec.md')
    expect(CHECKED.filter(path => path.startsWith('docs/adr/')).length).toBeGreaterThan(5)
    expect(CHECKED.filter(path => path.startsWith('src/')).length).toBeGreaterThan(50)
  })

  it('no line of src, docs, bench or the README cites a path outside the repository', () => {
    expect(outsideCitations(CHECKED.map(path => ({ path, text: readRepoFile(path) })))).toEqual([])
  })

  it('the check catches each kind of outside citation', () => {
    const planted = [
      'see ../shared/SPEC.md',
      'measured in research/srs.md §1.2',
      '(research note srs.md §5)',
      'as research §3 found',
      '/work/shared/ext-corpora/x.adoc',
    ].map((text, i) => ({ path: `planted${i}.md`, text }))
    expect(outsideCitations(planted)).toHaveLength(planted.length)
    expect(outsideCitations([{ path: 'ok.md', text: 'SPEC 1.8, docs/spec.md, ADR 0004' }])).toEqual([])
  })

  it('every relative Markdown link in docs and the README names a file of the repository', () => {
    const broken = CHECKED.filter(path => path.endsWith('.md')).flatMap(path =>
      [...readRepoFile(path).matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
        .map(match => match[1] as string)
        .filter(target => !/^[a-z][a-z+.-]*:/i.test(target))
        .flatMap(target => {
          const resolved = join(REPO, dirname(path), target)
          const inside = !relative(REPO, resolved).startsWith('..')
          return inside && existsSync(resolved) ? [] : [`${path}: ${target}`]
        }),
    )
    expect(broken).toEqual([])
  })
})

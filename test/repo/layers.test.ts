import { builtinModules } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder, importsOf, REPO, readRepoFile, withoutComments } from './source-files.js'

// The layer rules of docs/architecture.md, enforced: they held by discipline before this test.
// Each rule lists the offending file:line and what it imports, so a failure says what to move.

type Layer = 'core' | 'ports' | 'adapters' | 'app' | 'cli' | 'plugin'
const LAYERS: readonly Layer[] = ['core', 'ports', 'adapters', 'app', 'cli', 'plugin']

interface Edge {
  from: string
  line: number
  specifier: string
  /** The repository path a relative specifier names (`src/core/x.ts`), else null. */
  target: string | null
  typeOnly: boolean
}

const SOURCES = filesUnder('src', ['.ts'])
const EDGES: Edge[] = SOURCES.flatMap(file =>
  importsOf(readRepoFile(file)).map(ref => ({
    from: file,
    line: ref.line,
    specifier: ref.specifier,
    target: ref.specifier.startsWith('.')
      ? relative(REPO, join(REPO, dirname(file), ref.specifier))
          .split('\\')
          .join('/')
          .replace(/\.js$/, '.ts')
      : null,
    typeOnly: ref.typeOnly,
  })),
)

function layerOf(path: string): Layer | null {
  const match = /^src\/([^/]+)\//.exec(path)
  return match && (LAYERS as readonly string[]).includes(match[1] as string) ? (match[1] as Layer) : null
}

const NODE_BUILTINS = new Set(builtinModules)
const isNodeModule = (specifier: string): boolean =>
  specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0] as string)

/** `file:line imports specifier` for every edge from `layer` that `allowed` refuses. */
function violations(layer: Layer, allowed: (edge: Edge) => boolean, edges = EDGES): string[] {
  return edges
    .filter(edge => layerOf(edge.from) === layer && !allowed(edge))
    .map(edge => `${edge.from}:${edge.line} imports ${edge.specifier}`)
}

const intoLayers =
  (...layers: (Layer | 'schema')[]) =>
  (edge: Edge): boolean =>
    edge.target === null ||
    layers.some(layer =>
      layer === 'schema' ? /^schema\/[\w.-]+\.json$/.test(edge.target ?? '') : layerOf(edge.target ?? '') === layer,
    )

describe('layer rules (docs/architecture.md)', () => {
  it('finds the imports it checks (the rules below are not vacuous)', () => {
    expect(SOURCES.length).toBeGreaterThan(50)
    expect(EDGES.filter(edge => layerOf(edge.from) === 'core').length).toBeGreaterThan(50)
    expect(EDGES.some(edge => edge.specifier === '@logseq/libs')).toBe(true)
  })

  it('core imports only core (and the config schema), no Node module and no Logseq', () => {
    expect(
      violations(
        'core',
        edge =>
          intoLayers('core', 'schema')(edge) && !isNodeModule(edge.specifier) && edge.specifier !== '@logseq/libs',
      ),
    ).toEqual([])
  })

  it('core reads no clock: today and now are passed in', () => {
    const clock = /\bDate\.now\s*\(|\bnew\s+Date\s*\(\s*\)|\bperformance\.now\s*\(/g
    const found = SOURCES.filter(file => layerOf(file) === 'core').flatMap(file => {
      const code = withoutComments(readRepoFile(file))
      return [...code.matchAll(clock)].map(
        match => `${file}:${code.slice(0, match.index).split('\n').length}: ${match[0]}`,
      )
    })
    expect(found).toEqual([])
  })

  it('only src/plugin imports @logseq/libs', () => {
    expect(
      EDGES.filter(edge => edge.specifier.startsWith('@logseq/libs') && layerOf(edge.from) !== 'plugin').map(
        edge => `${edge.from}:${edge.line}`,
      ),
    ).toEqual([])
  })

  it('ports import nothing of the project but other ports', () => {
    expect(violations('ports', intoLayers('ports'))).toEqual([])
  })

  it('adapters import only ports (and Node, DOM or npm libraries)', () => {
    expect(violations('adapters', intoLayers('ports', 'adapters'))).toEqual([])
  })

  it('app imports only core and ports', () => {
    expect(
      violations('app', edge => intoLayers('app', 'core', 'ports')(edge) && !isNodeModule(edge.specifier)),
    ).toEqual([])
  })

  it('the CLI and the plugin do not import each other', () => {
    expect([
      ...violations('cli', edge => layerOf(edge.target ?? '') !== 'plugin'),
      ...violations('plugin', edge => layerOf(edge.target ?? '') !== 'cli'),
    ]).toEqual([])
  })

  it('src/core/asciidoc has no import cycle (type-only imports included)', () => {
    expect(cyclesIn('src/core/asciidoc/')).toEqual([])
  })
})

/** Each cycle once, as `a.ts -> b.ts -> a.ts`, among the files under `folder`. */
function cyclesIn(folder: string, edges = EDGES): string[] {
  const next = new Map<string, string[]>()
  for (const edge of edges)
    if (edge.from.startsWith(folder) && edge.target?.startsWith(folder))
      next.set(edge.from, [...(next.get(edge.from) ?? []), edge.target])
  const cycles = new Set<string>()
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string): void => {
    state.set(file, 'open')
    path.push(file)
    for (const target of next.get(file) ?? []) {
      if (state.get(target) === 'open') {
        const loop = path.slice(path.indexOf(target))
        const start = loop.indexOf([...loop].sort()[0] as string)
        const rotated = [...loop.slice(start), ...loop.slice(0, start)]
        cycles.add([...rotated, rotated[0]].map(f => (f ?? '').slice(folder.length)).join(' -> '))
      } else if (!state.has(target)) visit(target)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of [...next.keys()].sort()) if (!state.has(file)) visit(file)
  return [...cycles].sort()
}

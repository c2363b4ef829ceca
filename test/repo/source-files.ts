import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

export const REPO = join(import.meta.dirname, '..', '..')

/** Every file under `folder` (relative to the repository, `/`-separated), sorted. */
export function filesUnder(folder: string, extensions: readonly string[]): string[] {
  const found: string[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (extensions.some(ext => entry.name.endsWith(ext))) found.push(relative(REPO, path).split('\\').join('/'))
    }
  }
  walk(join(REPO, folder))
  return found.sort()
}

export function readRepoFile(path: string): string {
  return readFileSync(join(REPO, path), 'utf8')
}

/** The text with comments blanked (strings kept): what code does, not what it says. */
export function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`\\])\/\/.*$/gm, (match, before: string | undefined) =>
    before === undefined ? match.replace(/[^\n]/g, ' ') : before + ' '.repeat(match.length - before.length),
  )
}

export interface ImportRef {
  specifier: string
  line: number
  typeOnly: boolean
}

/** Every `import … from`, `export … from`, `import '…'` and `import('…')` of a module. */
export function importsOf(source: string): ImportRef[] {
  const code = withoutComments(source)
  const refs: ImportRef[] = []
  const pattern =
    /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm
  for (const match of code.matchAll(pattern)) {
    const specifier = match[3] ?? match[4]
    if (specifier === undefined) continue
    const line = code.slice(0, match.index).split('\n').length + (match[0].startsWith('\n') ? 1 : 0)
    refs.push({ specifier, line, typeOnly: match[2] !== undefined })
  }
  return refs
}

import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { HostBlock } from './index.js'

/** A corpus folder as path → text, for a scenario. */
export function readCorpus(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) walk(path)
      else
        files[
          path
            .slice(dir.length + 1)
            .split('\\')
            .join('/')
        ] = readFileSync(path, 'utf8')
    }
  }
  walk(dir)
  return files
}

/** Every block's content of a page, depth first. */
export const allBlocks = (blocks: HostBlock[]): string[] => blocks.flatMap(b => [b.content, ...allBlocks(b.children)])

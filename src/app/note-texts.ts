import { type LineText, lineLookup } from '../core/report/lines.js'
import type { Finding } from '../core/types.js'
import type { Vault } from '../ports/vault.js'

// A loaded corpus holds note models, not texts (32 MB for 10,000 notes, and a warm load reads
// no note at all). The operations that look at prose read what they need, here: the hygiene
// sweep and backlinks every note's text, a report only the files its findings point at.

/** Reads in flight at once, as loadCorpus does. */
const READS_IN_FLIGHT = 32

/** The texts of `paths` as they are now; a file that is gone or cannot be read is left out (the load reported it). */
export async function readNoteTexts(vault: Vault, paths: readonly string[]): Promise<Map<string, string>> {
  const found = new Array<string | null>(paths.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < paths.length) {
      const index = next++
      found[index] = await vault.read(paths[index] as string).catch(() => null)
    }
  }
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, paths.length) }, worker))
  const texts = new Map<string, string>()
  paths.forEach((path, index) => {
    const text = found[index]
    if (text !== null && text !== undefined) texts.set(path, text)
  })
  return texts
}

/** The line lookup a report needs for `findings`: only the files they point at are read. */
export async function findingLines(vault: Vault, findings: readonly Finding[]): Promise<LineText> {
  const files = new Set<string>()
  for (const finding of findings) if (finding.file && finding.line !== undefined) files.add(finding.file)
  return lineLookup(await readNoteTexts(vault, [...files]))
}

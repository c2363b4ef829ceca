import fs from 'node:fs'
import os from 'node:os'
import nodePath from 'node:path'

/** A fresh folder under the system temp dir, with a remover; tests never write in the checkout. */
export function tempFolder(prefix = 'notekeeper-'): { path: string; remove: () => void } {
  const path = fs.realpathSync(fs.mkdtempSync(nodePath.join(os.tmpdir(), prefix)))
  return { path, remove: () => fs.rmSync(path, { recursive: true, force: true }) }
}

/** Writes `files` (corpus-relative path → text) into a fresh temp folder. */
export function tempCorpus(files: Record<string, string> = {}): { path: string; remove: () => void } {
  const folder = tempFolder()
  for (const [relative, text] of Object.entries(files)) {
    const full = nodePath.join(folder.path, ...relative.split('/'))
    fs.mkdirSync(nodePath.dirname(full), { recursive: true })
    fs.writeFileSync(full, text)
  }
  return folder
}

/** Copies a corpus (a fixture folder, say) into a fresh temp folder, so a test may change it freely. */
export function copyCorpus(source: string): { path: string; remove: () => void } {
  const folder = tempFolder()
  fs.cpSync(source, folder.path, { recursive: true })
  return folder
}

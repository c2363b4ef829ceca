import { readFileSync } from 'node:fs'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import type { EditResult } from '../../src/core/triage/edit.js'
import type { NoteModel } from '../../src/core/types.js'

export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/triage/${name}`, import.meta.url), 'utf8')
}

/** Lines joined with `\n`, each ended by one (the usual shape of a note). */
export const lines = (...all: string[]): string => all.map(line => `${line}\n`).join('')

/** Scans `text` as `track/<name>` and applies the edit; the new text, or a failure with the refusal. */
export function edited(
  text: string,
  edit: (text: string, model: NoteModel) => EditResult,
  path = 'track/note.adoc',
): string {
  const result = edit(text, scanNote(path, text))
  if (!result.ok) throw new Error(`refused: ${result.message}`)
  return result.text
}

export function refusal(
  text: string,
  edit: (text: string, model: NoteModel) => EditResult,
  path = 'track/note.adoc',
): string {
  const result = edit(text, scanNote(path, text))
  if (result.ok) throw new Error(`expected a refusal, got:\n${result.text}`)
  return result.message
}

/** The tracked items of a text as `status: first line` pairs, in file order. */
export function statusesOf(text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const section of scanNote('track/note.adoc', text).track)
    out[section.status] = section.items.map(item => item.text)
  return out
}

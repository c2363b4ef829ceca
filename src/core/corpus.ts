import { INTENTS, type Intent } from './types.js'

/** Paths of the machine-managed files, relative to the corpus root. */
export const LOG_PATH = 'internalise/.srs/log.jsonl'
export const STATE_PATH = 'internalise/.srs/state.json'
export const CONFIG_PATH = 'internalise/.srs/config.json'
export const LOCK_PATH = 'internalise/.srs/log.lock'

/** The intent folder a path starts with, or null. */
export function topFolder(path: string): Intent | null {
  const first = path.split('/')[0] ?? ''
  return (INTENTS as readonly string[]).includes(first) ? (first as Intent) : null
}

/** A note: an `.adoc` file under one of the intent folders, at any depth, with no dot-named segment (SPEC 1). */
export function isNotePath(path: string): boolean {
  return topFolder(path) !== null && isVisibleAdoc(path)
}

/** Any `.adoc` file of the corpus outside dot-folders: a valid link target even when it is not a note. */
export function isVisibleAdoc(path: string): boolean {
  return path.endsWith('.adoc') && !path.split('/').some(segment => segment.startsWith('.'))
}

/** `internalise/lang/french.adoc` + `tu-vous` gives `lang/french#tu-vous` (SPEC 1.2). */
export function itemId(notePath: string, anchor: string): string {
  const withoutFolder = notePath.replace(/^internalise\//, '').replace(/\.adoc$/, '')
  return `${withoutFolder}#${anchor}`
}

/** The note path an item id points at: `lang/french#tu-vous` gives `internalise/lang/french.adoc`. */
export function notePathOfItem(id: string): string {
  const hash = id.indexOf('#')
  return `internalise/${hash < 0 ? id : id.slice(0, hash)}.adoc`
}

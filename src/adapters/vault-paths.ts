import { VaultError } from '../ports/vault.js'

/**
 * The segments of a corpus-relative path, refused when it could reach outside the root:
 * an absolute path, a drive letter, a backslash or a `..` segment (SPEC 2.1: a target outside
 * the corpus is never read). Checked lexically, before any host is asked.
 */
export function corpusSegments(path: string): string[] {
  if (path === '' || path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\\') || path.includes('\0')) {
    throw new VaultError(path, 'not a path inside the corpus')
  }
  const segments = path.split('/').filter(segment => segment !== '' && segment !== '.')
  if (segments.length === 0 || segments.includes('..')) throw new VaultError(path, 'not a path inside the corpus')
  return segments
}

/** Node, Electron and DOM errors all say "missing" differently; this is the one place that knows how. */
export function isMissingError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown }
  if (code === 'ENOENT' || name === 'NotFoundError') return true
  return typeof message === 'string' && /ENOENT|no such file|not found/i.test(message)
}

export function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message
  }
  return String(error)
}

/**
 * A name for a temporary sibling of `finalName`: dot-named, so no listing ever shows it as a note,
 * and ending in `.tmp`, so a person sees it is safe to delete. With `owner` (a process id) the
 * name says which process wrote it (`.state.json.4242-k3j9x0ab.tmp`), so the next writer can tell
 * the litter of a killed writer from a write in flight (see `ownerOfTempName`).
 */
export function tempName(finalName: string, owner?: number): string {
  const random = Math.random().toString(36).slice(2, 10).padEnd(8, '0')
  return `.${finalName}.${owner === undefined ? '' : `${owner}-`}${random}.tmp`
}

const OWNED_TEMP_NAME = /^\..+\.(\d{1,10})-[0-9a-z]{8}\.tmp$/

/** The process id a `tempName(…, owner)` name carries, or null for any other name. */
export function ownerOfTempName(name: string): number | null {
  const match = OWNED_TEMP_NAME.exec(name)
  return match ? Number(match[1]) : null
}

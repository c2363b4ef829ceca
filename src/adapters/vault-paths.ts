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

/** A name for a temporary sibling: dot-named, so no listing ever shows it as a note. */
export function tempName(finalName: string): string {
  return `.${finalName}.${Math.random().toString(36).slice(2, 10)}.tmp`
}

import { closeSync, lstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { OUT_MARKER } from '../core/report/asciidoc.js'
import { INTENTS } from '../core/types.js'
import { UsageError } from './context.js'

export { OUT_MARKER }

export interface OutTarget {
  /** From the corpus root, with `/`: what the vault writes. */
  path: string
  /** For the message that says where the page went. */
  absolute: string
}

/**
 * Where `--out FILE` may write (SPEC 3): FILE is relative to the current folder and must land in
 * the corpus, outside the notes folders under any letter case (on a case-insensitive disk
 * `TRACK/x.adoc` is a Track note), outside dot-folders, `docs/` and the README, through no
 * symbolic link, and over no file Notekeeper did not write there (unless `force`). Checked before
 * anything is read or written, so a refusal leaves no folder behind.
 */
export function outTarget(option: string, where: { cwd: string; corpusDir: string; force: boolean }): OutTarget {
  const refuse = (why: string): never => {
    throw new UsageError(`--out ${option}: ${why}; nothing written`)
  }
  if (option.trim() === '') refuse('give a file name')
  const wanted = resolve(where.cwd, option)
  const root = corpusRoots(where.corpusDir).find(candidate => isWithin(candidate, wanted))
  if (root === undefined) refuse(`must be inside the corpus folder ${where.corpusDir}`)
  const segments = relative(root as string, wanted).split(sep)
  const first = (segments[0] ?? '').toLowerCase()
  if ((INTENTS as readonly string[]).includes(first))
    refuse(`must not be inside ${segments[0]}/: the report would become a note`)
  if (segments.some(segment => segment.startsWith('.'))) refuse('must not be in a hidden folder or be a hidden file')
  if (first === 'docs') refuse('must not be inside docs/, the corpus own documents')
  if (segments.length === 1 && first.startsWith('readme')) refuse("must not be the corpus's README")
  // Each part that exists must be a real folder, the last a regular file written by us.
  let at = root as string
  for (const [index, segment] of segments.entries()) {
    at = join(at, segment)
    const stats = lstatOrNull(at)
    if (stats === null) break
    if (stats.isSymbolicLink()) refuse(`${at} is a symbolic link; Notekeeper never writes through one`)
    const last = index === segments.length - 1
    if (!last && !stats.isDirectory()) refuse(`${at} is not a folder`)
    if (last && !stats.isFile()) refuse(`${at} is not a regular file`)
    if (last && !where.force && !startsWithMarker(at))
      refuse(`${at} exists and was not written by notekeeper hygiene (give --force to replace it)`)
  }
  return { path: segments.join('/'), absolute: wanted }
}

/** The corpus folder as given and as the disk names it (the current folder is usually the latter). */
function corpusRoots(corpusDir: string): string[] {
  try {
    return [corpusDir, realpathSync(corpusDir)]
  } catch {
    return [corpusDir]
  }
}

function isWithin(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path)
  } catch {
    return null
  }
}

function startsWithMarker(path: string): boolean {
  const buffer = Buffer.alloc(OUT_MARKER.length)
  const fd = openSync(path, 'r')
  try {
    return readSync(fd, buffer, 0, buffer.length, 0) === buffer.length && buffer.toString('utf8') === OUT_MARKER
  } finally {
    closeSync(fd)
  }
}

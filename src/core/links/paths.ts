// Path arithmetic for references, on corpus-relative `/` paths only. Kept apart from any
// platform path module: the core runs in the browser too, and a target must never be turned
// into something outside the corpus by a `..` too many.

/** The folder of a corpus path (`reference/http.adoc` gives `reference`, a root file gives ``). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? '' : path.slice(0, slash)
}

/** The last segment of a path (`reference/http.adoc` gives `http.adoc`). */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

/**
 * `relative` joined to `folder` and normalised (`.` and `..` folded), or null when the result
 * would leave the corpus root: such a target is missing by definition and is never read.
 * An absolute target (`/etc/x`, `C:\x`) is outside the corpus too.
 */
export function joinInsideCorpus(folder: string, relative: string): string | null {
  if (relative.startsWith('/') || relative.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(relative)) return null
  const segments = folder === '' ? [] : folder.split('/')
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') {
      if (segments.length === 0) return null
      segments.pop()
    } else {
      segments.push(segment)
    }
  }
  return segments.length === 0 ? null : segments.join('/')
}

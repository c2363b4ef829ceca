/**
 * Logseq's theme variables (`--ls-*`), copied from the host page onto the plugin frame's root, so
 * that the review window takes the colours of the user's Logseq theme, light or dark, custom
 * themes included. The plugin's stylesheet reads them with its own colours as fallbacks, which is
 * what shows when the host page cannot be read (a frame of another origin) or sets none.
 */
export const LOGSEQ_THEME_VARIABLES = [
  '--ls-primary-background-color',
  '--ls-secondary-background-color',
  '--ls-tertiary-background-color',
  '--ls-quaternary-background-color',
  '--ls-primary-text-color',
  '--ls-secondary-text-color',
  '--ls-title-text-color',
  '--ls-border-color',
  '--ls-secondary-border-color',
  '--ls-link-text-color',
  '--ls-active-primary-color',
  '--ls-active-secondary-color',
  '--ls-block-highlight-color',
  '--ls-page-inline-code-bg-color',
  '--ls-page-inline-code-color',
  '--ls-error-text-color',
  '--ls-error-background-color',
  '--ls-success-text-color',
  '--ls-success-background-color',
  '--ls-warning-text-color',
  '--ls-warning-background-color',
  '--ls-font-family',
] as const

/** Copies the host's `--ls-*` values (the ones it sets) onto `doc`; returns how many it found. */
export function adoptHostTheme(doc: Document): number {
  let hostRoot: Element | null = null
  try {
    const parent = doc.defaultView?.parent
    if (!parent || parent === doc.defaultView) return 0
    hostRoot = parent.document.documentElement
  } catch {
    return 0 // another origin: the fallbacks stand
  }
  const hostWindow = hostRoot.ownerDocument.defaultView
  if (!hostWindow) return 0
  const computed = hostWindow.getComputedStyle(hostRoot)
  const root = doc.documentElement
  // Logseq's colours are those of its own mode (`html[data-theme]`): a window pinned to the
  // other mode in the settings keeps its own colours, or "dark" would be drawn in Logseq's light ones.
  const hostMode = hostRoot.getAttribute('data-theme')
  const differs = hostMode !== null && root.dataset['theme'] !== undefined && hostMode !== root.dataset['theme']
  let found = 0
  for (const name of LOGSEQ_THEME_VARIABLES) {
    if (differs) {
      root.style.removeProperty(name)
      continue
    }
    const value = computed.getPropertyValue(name).trim()
    // Only a colour or font list, never anything that could close the declaration.
    if (value !== '' && !/[;{}<>]/.test(value)) {
      root.style.setProperty(name, value)
      found++
    } else root.style.removeProperty(name)
  }
  return found
}

const following = new WeakSet<Document>()

/** Adopts the host's theme now and again whenever the frame's `data-theme` changes (Logseq's theme switched). */
export function followHostTheme(doc: Document): void {
  adoptHostTheme(doc)
  const Observer = doc.defaultView?.MutationObserver
  if (following.has(doc) || !Observer) return
  following.add(doc)
  // The host restyles its page in the same task that tells the plugin; read it once that is done.
  new Observer(() => setTimeout(() => adoptHostTheme(doc), 0)).observe(doc.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme'],
  })
}

import { el } from '../dom.js'
import type { ThemeMode } from '../host/host.js'

/**
 * The plugin's main UI: Logseq shows the plugin's iframe over the whole window, so the plugin
 * draws its own backdrop and dialog. One dialog, whose body each view (practice, backlinks,
 * status) replaces. Escape and a click on the backdrop close it.
 */
export interface Shell {
  readonly doc: Document
  /** Replaces the dialog's title and body; returns the body to fill. */
  show(title: string): HTMLElement
  /** Shows an error inside the dialog (besides the host's message). */
  showError(text: string): void
  setAccessMode(text: string): void
  setTheme(mode: ThemeMode): void
  /** A view's own keys run first; returning true stops Escape handling. */
  setKeyHandler(handler: ((event: KeyboardEvent) => boolean) | null): void
  readonly body: HTMLElement
  /** Removes the dialog and its key listener. */
  dispose(): void
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'

const isTextField = (target: EventTarget | null): boolean =>
  target instanceof Element && (target.matches('textarea, input, select') || (target as HTMLElement).isContentEditable)

export function createShell(doc: Document, onClose: () => void): Shell {
  const title = el(doc, 'h2', { className: 'nk-title', text: 'Notekeeper' })
  const mode = el(doc, 'p', { className: 'nk-mode', attrs: { 'data-testid': 'access-mode' } })
  const errors = el(doc, 'div', { className: 'nk-errors', attrs: { role: 'alert', 'data-testid': 'errors' } })
  const body = el(doc, 'div', { className: 'nk-body' })
  const close = el(doc, 'button', {
    className: 'nk-close',
    text: '×',
    attrs: { type: 'button', 'aria-label': 'Close (Escape)' },
    on: { click: onClose },
  })
  const dialog = el(
    doc,
    'div',
    { className: 'nk-dialog', attrs: { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'nk-title' } },
    [el(doc, 'header', { className: 'nk-header' }, [title, close]), mode, errors, body],
  )
  title.id = 'nk-title'
  const backdrop = el(doc, 'div', { className: 'nk-backdrop' }, [dialog])
  backdrop.addEventListener('click', event => {
    if (event.target === backdrop) onClose()
  })
  doc.body.append(backdrop)

  let keyHandler: ((event: KeyboardEvent) => boolean) | null = null
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Tab') return trapFocus(event)
    // A key held down repeats: its repeats must not reveal, grade, skip or undo, nor click the
    // button the first press focused (a held Enter would reveal and grade the suggestion before
    // the response was read). Inside a text field a held key is typing, and stays so.
    if (event.repeat) {
      if (!isTextField(event.target)) event.preventDefault()
      return
    }
    if (keyHandler?.(event)) return
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
    }
  }
  /**
   * Tab and Shift+Tab cycle through the dialog's controls. The frame covers the whole window, but
   * Logseq's page behind it is still in the tab order: without this, focus (and every key after
   * it, 1-4 included) would go to Logseq's controls and editor while the window is open.
   */
  function trapFocus(event: KeyboardEvent): void {
    const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      node => !node.hasAttribute('disabled') && node.getClientRects().length > 0,
    )
    const first = controls[0]
    const last = controls.at(-1)
    if (!first || !last) return void event.preventDefault()
    const active = doc.activeElement
    const outside = !active || !dialog.contains(active)
    if (event.shiftKey && (outside || active === first)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && (outside || active === last)) {
      event.preventDefault()
      first.focus()
    }
  }
  doc.addEventListener('keydown', onKeydown)

  return {
    doc,
    body,
    show(text) {
      title.textContent = text
      errors.replaceChildren()
      body.replaceChildren()
      return body
    },
    showError(text) {
      errors.append(el(doc, 'p', { className: 'nk-error', text }))
    },
    setAccessMode(text) {
      mode.textContent = text
    },
    setTheme(theme) {
      doc.documentElement.dataset['theme'] = theme
    },
    setKeyHandler(handler) {
      keyHandler = handler
    },
    dispose() {
      doc.removeEventListener('keydown', onKeydown)
      backdrop.remove()
    },
  }
}

import DOMPurify from 'dompurify'

/**
 * AsciiDoc source to a sanitised fragment. Asciidoctor is imported lazily, the first time a note
 * must be rendered, so start-up stays light (its browser build is ~370 KB).
 * Order matters: Asciidoctor in SECURE mode (no includes, no file access), then DOMPurify LAST,
 * because passthroughs (`++++`, `pass:[]`) let raw HTML through Asciidoctor by design.
 */

type Convert = (input: string, options: Record<string, unknown>) => Promise<unknown>
let converter: Promise<Convert> | null = null

function loadConverter(): Promise<Convert> {
  converter ??= import('@asciidoctor/core').then(module => module.convert as Convert)
  return converter
}

export async function asciidocToHtml(source: string): Promise<string> {
  const convert = await loadConverter()
  const html = await convert(source, { safe: 'secure', attributes: { showtitle: false, 'skip-front-matter': true } })
  return typeof html === 'string' ? html : ''
}

/** Sanitises HTML for insertion: no script, no event handlers, no javascript: URLs, no forms or frames. */
export function sanitize(html: string, win: Window & typeof globalThis = window): DocumentFragment {
  const purifier = DOMPurify(win)
  purifier.addHook('afterSanitizeAttributes', node => {
    // Links open outside the plugin frame and cannot reach back into it.
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
    }
  })
  return purifier.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  })
}

/** Renders AsciiDoc into `target`, replacing its content. */
export async function renderAsciidocInto(target: HTMLElement, source: string): Promise<void> {
  const html = await asciidocToHtml(source)
  const fragment = sanitize(html, (target.ownerDocument.defaultView ?? window) as Window & typeof globalThis)
  target.replaceChildren(fragment)
}

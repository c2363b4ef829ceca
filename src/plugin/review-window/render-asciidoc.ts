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

/** `attributes`: the note's header attributes, so that `{product}` (and `:experimental:`) mean what they do in the note. */
export async function asciidocToHtml(
  source: string,
  attributes: Readonly<Record<string, string>> = {},
): Promise<string> {
  const convert = await loadConverter()
  const html = await convert(withEntries(source, attributes), {
    safe: 'secure',
    attributes: { showtitle: false, 'skip-front-matter': true },
  })
  return typeof html === 'string' ? html : ''
}

const ATTRIBUTE_NAME = /^[\p{L}\p{N}_][\p{L}\p{N}_-]*$/u

/**
 * The note's header attributes written above the fragment as its own entries, not passed as API
 * attributes: Asciidoctor escapes an entry's special characters and keeps its secure-mode limits
 * against it, where an API attribute is inserted as raw HTML and may set what only a program may
 * (`max-attribute-value-size` lifted, then a few doubling entries made a gigabyte of text).
 */
function withEntries(source: string, attributes: Readonly<Record<string, string>>): string {
  const entries: string[] = []
  for (const [name, value] of Object.entries(attributes)) {
    if (!ATTRIBUTE_NAME.test(name)) continue
    // One line each: a value ending in ` +` or ` \` would run on into the next line.
    entries.push(`:${name}: ${value.replace(/[\r\n]+/g, ' ').replace(/\s+[+\\]$/, '')}`)
  }
  return entries.length === 0 ? source : `${entries.join('\n')}\n\n${source}`
}

/** Sanitises HTML for insertion: no script, no event handlers, no javascript: URLs, no forms or frames. */
export function sanitize(html: string, win: Window & typeof globalThis = window): DocumentFragment {
  const purifier = DOMPurify(win)
  purifier.addHook('afterSanitizeAttributes', node => {
    // The window's own classes and ids (`nk-…`) stay the window's: a note's `[.nk-backdrop]` role
    // would otherwise draw a full-window layer over the dialog with the plugin's stylesheet, and
    // a `[[nk-title]]` anchor would take the dialog's title id.
    const classes = node.getAttribute('class')
    if (classes !== null) {
      const kept = classes.split(/\s+/).filter(name => name !== '' && !name.startsWith('nk-'))
      if (kept.length > 0) node.setAttribute('class', kept.join(' '))
      else node.removeAttribute('class')
    }
    if (node.getAttribute('id')?.startsWith('nk-')) node.removeAttribute('id')
    // Every kind of link, not only an HTML <a>: a passthrough's image-map <area>, and an SVG <a>
    // (its tag name is lower-case `a`, its target in href or xlink:href), navigate the same way,
    // and without a target would load the page into the plugin's own full-window frame.
    if (node.localName !== 'a' && node.localName !== 'area') return
    for (const attribute of ['href', 'xlink:href']) {
      const href = node.getAttribute(attribute)
      if (href === null || href.startsWith('#')) continue // an anchor in the note: stays in the frame
      if (/^(https?|mailto):/i.test(href)) {
        // Links open outside the plugin frame and cannot reach back into it.
        node.setAttribute('target', '_blank')
        node.setAttribute('rel', 'noopener noreferrer')
      } else {
        // A relative link (`xref:other.adoc[]` is `other.html`) names a file beside the plugin's
        // own page, not the note's: in a new window it would open the plugin's folder.
        node.removeAttribute(attribute)
      }
    }
  })
  return purifier.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    // dialog: an open <dialog> is laid out out of flow, over the window's own controls.
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'dialog'],
    FORBID_ATTR: ['style'],
  })
}

/**
 * A prompt or response as a document of its own. In the note, a `+` line attaches the next block
 * to the list entry; cut out of the list it would print as a literal `+`, so it becomes the blank
 * line that separates blocks (verbatim blocks, where a `+` is content, are left as written).
 */
export function fragmentSource(source: string): string {
  let verbatim: string | null = null
  return source
    .split(/\r?\n/)
    .map(line => {
      const trimmed = line.trim()
      if (verbatim !== null) {
        if (trimmed === verbatim) verbatim = null
        return line
      }
      if (/^(-{4,}|\.{4,}|\+{4,}|\/{4,})$/.test(trimmed)) verbatim = trimmed
      return trimmed === '+' ? '' : line
    })
    .join('\n')
}

/** Renders AsciiDoc into `target`, replacing its content; `attributes` are the note's header attributes. */
export async function renderAsciidocInto(
  target: HTMLElement,
  source: string,
  attributes?: Readonly<Record<string, string>>,
): Promise<void> {
  const html = await asciidocToHtml(fragmentSource(source), attributes)
  const fragment = sanitize(html, (target.ownerDocument.defaultView ?? window) as Window & typeof globalThis)
  target.replaceChildren(fragment)
}

/**
 * A tiny DOM builder. Text always goes in through textContent, so nothing that comes from a note
 * can become markup; the only HTML this plugin inserts is rendered AsciiDoc after DOMPurify
 * (render-asciidoc.ts).
 */

export interface ElementOptions {
  className?: string
  text?: string
  attrs?: Record<string, string>
  on?: Partial<Record<'click' | 'keydown' | 'input' | 'submit', (event: Event) => void>>
}

export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  options: ElementOptions = {},
  children: (Node | null)[] = [],
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag)
  if (options.className) node.className = options.className
  if (options.text !== undefined) node.textContent = options.text
  for (const [name, value] of Object.entries(options.attrs ?? {})) node.setAttribute(name, value)
  for (const [type, listener] of Object.entries(options.on ?? {})) node.addEventListener(type, listener)
  for (const child of children) if (child) node.append(child)
  return node
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** For the few HTML templates the host renders in its own page (toolbar label): text and attribute safe. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`)
}

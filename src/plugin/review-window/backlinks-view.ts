import type { Backlink } from '../../core/backlinks.js'
import { el, messageOf } from '../dom.js'
import type { Shell } from './shell.js'

/** The backlinks view: the user names NOTE[#ANCHOR] and sees the lines that refer to it. Never stored. */
export function openBacklinks(
  shell: Shell,
  find: (target: string) => Promise<Backlink[]>,
  reportError: (text: string) => void,
): void {
  const doc = shell.doc
  const body = shell.show('Backlinks')
  shell.setKeyHandler(null)
  const input = el(doc, 'input', {
    className: 'nk-input',
    attrs: {
      type: 'text',
      placeholder: 'reference/http.adoc or reference/http.adoc#caching',
      'aria-label': 'Note (path from the corpus root, optional #anchor)',
      'data-testid': 'backlinks-input',
    },
  })
  const results = el(doc, 'div', {
    className: 'nk-results',
    attrs: { 'data-testid': 'backlinks-results', 'aria-live': 'polite' },
  })
  const form = el(doc, 'form', { className: 'nk-row' }, [
    input,
    el(doc, 'button', { className: 'nk-primary', text: 'Find', attrs: { type: 'submit' } }),
  ])
  form.addEventListener('submit', event => {
    event.preventDefault()
    const target = input.value.trim()
    if (target === '') return
    results.replaceChildren(el(doc, 'p', { className: 'nk-muted', text: 'Searching…' }))
    find(target).then(
      references => {
        results.replaceChildren(
          el(doc, 'p', {
            className: 'nk-muted',
            text: `${references.length} reference${references.length === 1 ? '' : 's'} to ${target}`,
          }),
          el(
            doc,
            'ul',
            { className: 'nk-refs' },
            references.map(r =>
              el(doc, 'li', {}, [
                el(doc, 'code', { text: `${r.file}:${r.line}` }),
                doc.createTextNode(' '),
                el(doc, 'span', { text: r.text }),
                ...(r.deadAnchor === undefined
                  ? []
                  : [
                      el(doc, 'span', { className: 'nk-muted', text: ` (its anchor #${r.deadAnchor} does not exist)` }),
                    ]),
              ]),
            ),
          ),
        )
      },
      (error: unknown) => {
        results.replaceChildren()
        shell.showError(`Backlinks of ${target} failed: ${messageOf(error)}`)
        reportError(messageOf(error))
      },
    )
  })
  body.append(form, results)
  input.focus()
}

import { checkAnswer, type DueItem } from '../../core/practice.js'
import { GRADES, type Grade, type IsoDate } from '../../core/types.js'
import { el, messageOf } from '../dom.js'
import type { GradePreview, PracticeBackend } from './practice-backend.js'
import type { Shell } from './shell.js'

/** Renders AsciiDoc into an element (render-asciidoc.ts in the plugin; injectable for tests). */
export type RenderAsciidoc = (target: HTMLElement, source: string) => Promise<void>

export interface ReviewModalOptions {
  shell: Shell
  backend: PracticeBackend
  render: RenderAsciidoc
  /** Failures are shown in the dialog and through the host's message. */
  reportError: (text: string) => void
  /** Called after each grade is on disk (e.g. to update the toolbar's due count). */
  onGraded?: () => void
}

export interface ReviewSession {
  /** Resolves when the first prompt (or the "nothing due" screen) is on screen. */
  ready: Promise<void>
}

function daysLabel(days: number): string {
  if (days <= 0) return 'today'
  if (days === 1) return '1 day'
  if (days < 60) return `${days} days`
  if (days < 730) return `${Math.round(days / 30.44)} months`
  return `${(days / 365.25).toFixed(1)} years`
}

/** Opens the review modal: one due item at a time, each grade on disk before the next prompt shows. */
export function openReview(options: ReviewModalOptions): ReviewSession {
  const { shell, backend, render } = options
  const doc = shell.doc
  const tally: Record<Grade, number> = { again: 0, hard: 0, good: 0, easy: 0 }
  let items: DueItem[] = []
  let index = 0
  let onKey: ((event: KeyboardEvent) => boolean) | null = null
  shell.setKeyHandler(event => onKey?.(event) ?? false)

  const fail = (text: string) => {
    shell.showError(text)
    options.reportError(text)
  }

  function showNothingDue(nextDue: IsoDate | null, scheduler: string): void {
    const body = shell.show('Practice')
    const text = nextDue
      ? `Nothing is due today. The next item is due on ${nextDue}.`
      : 'Nothing is due, and no item is scheduled. Add [qanda] items with [[ids]] to internalise/ notes.'
    body.append(
      el(doc, 'p', { className: 'nk-empty', text, attrs: { 'data-testid': 'nothing-due' } }),
      el(doc, 'p', { className: 'nk-muted', text: `Scheduler: ${scheduler}` }),
    )
    onKey = null
  }

  function showSummary(): void {
    const body = shell.show('Practice done')
    const total = GRADES.reduce((sum, g) => sum + tally[g], 0)
    body.append(
      el(doc, 'p', {
        className: 'nk-summary',
        text: `${total} item${total === 1 ? '' : 's'} reviewed.`,
        attrs: { 'data-testid': 'summary' },
      }),
      el(
        doc,
        'ul',
        { className: 'nk-tally' },
        GRADES.map(g => el(doc, 'li', { text: `${g}: ${tally[g]}`, attrs: { 'data-grade': g } })),
      ),
    )
    onKey = null
  }

  async function showItem(): Promise<void> {
    const item = items[index]
    if (!item) return showSummary()
    const body = shell.show('Practice')
    const prompt = el(doc, 'div', { className: 'nk-prompt nk-asciidoc', attrs: { 'data-testid': 'prompt' } })
    const answer = el(doc, 'textarea', {
      className: 'nk-answer',
      attrs: {
        rows: '3',
        placeholder: 'Your answer (Enter reveals, Shift+Enter for a new line)',
        'data-testid': 'answer',
        'aria-label': 'Your answer',
      },
    })
    const reveal = el(doc, 'button', {
      className: 'nk-primary',
      text: 'Reveal (Enter)',
      attrs: { type: 'button', 'data-testid': 'reveal' },
    })
    const revealed = el(doc, 'div', { className: 'nk-revealed' })
    body.append(
      el(doc, 'div', { className: 'nk-meta' }, [
        el(doc, 'span', {
          className: 'nk-progress',
          text: `${index + 1} of ${items.length}`,
          attrs: { 'data-testid': 'progress' },
        }),
        el(doc, 'span', { className: 'nk-item-id', text: item.id }),
        item.leech
          ? el(doc, 'span', {
              className: 'nk-leech',
              text: 'leech: rewrite this prompt',
              attrs: {
                'data-testid': 'leech',
                title: 'Failed often: the prompt probably needs rewriting, not more drilling',
              },
            })
          : null,
      ]),
      prompt,
      answer,
      reveal,
      revealed,
    )
    let shown = false
    const doReveal = () => {
      if (shown) return
      shown = true
      reveal.remove()
      answer.readOnly = true
      void showResponse(item, answer.value, revealed)
    }
    reveal.addEventListener('click', doReveal)
    answer.addEventListener('keydown', event => {
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault()
        event.stopPropagation()
        doReveal()
      }
    })
    onKey = event => {
      if (shown || event.target === answer) return false
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault()
        doReveal()
        return true
      }
      return false
    }
    try {
      await render(prompt, item.prompt)
    } catch (error) {
      prompt.textContent = item.prompt
      fail(`Could not render the prompt of ${item.id}: ${messageOf(error)}`)
    }
    answer.focus()
  }

  async function showResponse(item: DueItem, produced: string, target: HTMLElement): Promise<void> {
    const response = el(doc, 'div', { className: 'nk-response nk-asciidoc', attrs: { 'data-testid': 'response' } })
    const diff = el(doc, 'p', { className: 'nk-diff', attrs: { 'data-testid': 'diff' } })
    for (const part of checkAnswer(produced, item.response).diff) {
      diff.append(
        el(doc, part.kind === 'same' || part.kind === 'near' ? 'span' : part.kind === 'missing' ? 'ins' : 'del', {
          className: `nk-diff-${part.kind}`,
          text: part.text,
        }),
        doc.createTextNode(' '),
      )
    }
    const suggested = backend.suggest(produced, item.response)
    let preview: GradePreview | null = null
    try {
      preview = backend.preview(item.id)
    } catch (error) {
      fail(`Could not compute the intervals for ${item.id}: ${messageOf(error)}`)
    }
    const buttons = GRADES.map((grade, i) => {
      const next = preview?.[grade]
      const button = el(
        doc,
        'button',
        {
          className: `nk-grade nk-grade-${grade}${grade === suggested ? ' nk-suggested' : ''}`,
          attrs: {
            type: 'button',
            'data-grade': grade,
            'data-testid': `grade-${grade}`,
            ...(next ? { title: `next due ${next.next_due}` } : {}),
          },
        },
        [
          el(doc, 'kbd', { text: String(i + 1) }),
          el(doc, 'span', { className: 'nk-grade-name', text: grade }),
          el(doc, 'span', { className: 'nk-grade-interval', text: next ? daysLabel(next.days) : '?' }),
        ],
      )
      if (grade === suggested) button.setAttribute('aria-describedby', 'nk-suggestion')
      button.addEventListener('click', () => void submit(item, grade, buttons))
      return button
    })
    target.append(
      el(doc, 'div', { className: 'nk-compare' }, [
        el(doc, 'section', {}, [el(doc, 'h3', { text: 'Expected' }), response]),
        el(doc, 'section', {}, [
          el(doc, 'h3', { text: 'Your answer' }),
          el(doc, 'p', {
            className: 'nk-produced',
            text: produced.trim() === '' ? '(nothing written)' : produced,
            attrs: { 'data-testid': 'produced' },
          }),
        ]),
      ]),
      el(doc, 'div', { className: 'nk-diff-wrap' }, [el(doc, 'h3', { text: 'Differences' }), diff]),
      el(doc, 'p', {
        className: 'nk-muted',
        text: `Suggested: ${suggested}`,
        attrs: { id: 'nk-suggestion', 'data-testid': 'suggested' },
      }),
      el(doc, 'div', { className: 'nk-grades', attrs: { role: 'group', 'aria-label': 'Grade' } }, buttons),
    )
    onKey = event => {
      const digit = Number(event.key)
      const grade = Number.isInteger(digit) ? GRADES[digit - 1] : undefined
      if (!grade) return false
      event.preventDefault()
      void submit(item, grade, buttons)
      return true
    }
    try {
      await render(response, item.response)
    } catch (error) {
      response.textContent = item.response
      fail(`Could not render the response of ${item.id}: ${messageOf(error)}`)
    }
    buttons.find(b => b.dataset['grade'] === suggested)?.focus()
  }

  let saving = false
  async function submit(item: DueItem, grade: Grade, buttons: HTMLButtonElement[]): Promise<void> {
    if (saving) return
    saving = true
    for (const b of buttons) b.disabled = true
    try {
      await backend.grade(item.id, grade)
      tally[grade]++
      index++
      options.onGraded?.()
      await showItem()
    } catch (error) {
      // The review is not on disk: say so and let the user try again.
      fail(`The grade "${grade}" for ${item.id} was NOT saved: ${messageOf(error)}`)
      for (const b of buttons) b.disabled = false
    } finally {
      saving = false
    }
  }

  const ready = (async () => {
    const body = shell.show('Practice')
    body.append(el(doc, 'p', { className: 'nk-muted', text: 'Indexing the corpus…' }))
    try {
      const started = await backend.start()
      items = started.items
      if (items.length === 0) showNothingDue(started.nextDue, started.scheduler)
      else await showItem()
    } catch (error) {
      fail(`Practice could not start: ${messageOf(error)}`)
    }
  })()
  return { ready }
}

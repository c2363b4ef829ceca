import type { AnswerCheck, DueItem, PracticeScope } from '../../core/practice.js'
import { PracticeSession, summaryLine } from '../../core/practice-session.js'
import type { GradePreviews } from '../../core/schedulers/preview.js'
import { GRADES, type Grade, type IsoDate } from '../../core/types.js'
import { el, messageOf } from '../dom.js'
import type { PracticeBackend, ScopeChoices } from './practice-backend.js'
import type { Shell } from './shell.js'
import { followHostTheme } from './theme-vars.js'

/**
 * Renders AsciiDoc into an element (render-asciidoc.ts in the plugin; injectable for tests);
 * `attributes` are the note's header attributes, which its `{name}` references read.
 */
export type RenderAsciidoc = (
  target: HTMLElement,
  source: string,
  attributes?: Readonly<Record<string, string>>,
) => Promise<void>

export interface ReviewModalOptions {
  shell: Shell
  backend: PracticeBackend
  render: RenderAsciidoc
  /** Failures are shown in the dialog and through the host's message. */
  reportError: (text: string) => void
  /** Called after each grade or undo is on disk (e.g. to update the toolbar's due count). */
  onGraded?: () => void
  /** Milliseconds, for the time spent in the summary (injectable for tests). */
  now?: () => number
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

function durationLabel(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  return `${minutes} min ${seconds % 60} s`
}

/** A coalesced state write failed: the grades are safe in the log, which state.json is derived from. */
export const stateNotWritten = (error: unknown): string =>
  `state.json could not be written: ${messageOf(error)}. Every grade is in the log; \`notekeeper replay\` writes state.json from it (SPEC 1.5).`

const isUndoKey = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z'

/**
 * Opens the review window: one due item at a time, each grade on disk before the next prompt
 * shows. The order is the shared PracticeSession's (relearning, skip, undo); undo appends a void
 * line (SPEC 1.4). Keys: Enter reveals; 1-4 grade; Enter takes the suggestion only when it is
 * confident; S skips; U or Ctrl+Z takes back the last grade (Ctrl+Z in a non-empty answer box
 * stays the text box's own undo).
 */
export function openReview(options: ReviewModalOptions): ReviewSession {
  const { shell, backend, render } = options
  const doc = shell.doc
  const now = options.now ?? (() => Date.now())
  followHostTheme(doc)
  let session = new PracticeSession([], { relearn: true })
  let scheduler = ''
  let scopes: ScopeChoices = { notes: [], folders: [] }
  let scope: PracticeScope | undefined
  let startedAt = now()
  /** The start's warnings, shown on the first screen after it (then gone: they are said once). */
  let warnings: string[] = []
  let onKey: ((event: KeyboardEvent) => boolean) | null = null
  shell.setKeyHandler(event => onKey?.(event) ?? false)

  const fail = (text: string) => {
    shell.showError(text)
    options.reportError(text)
  }

  /** "Practise only": every note and folder with items due today; changing it starts over on that part. */
  function scopePicker(): HTMLElement | null {
    if (scopes.notes.length < 2 && scope === undefined) return null
    const select = el(doc, 'select', {
      className: 'nk-scope',
      attrs: { 'data-testid': 'scope', 'aria-label': 'Practise only' },
    })
    const add = (value: string, label: string) => {
      const option = el(doc, 'option', { text: label, attrs: { value } })
      select.append(option)
    }
    add('', 'All due items')
    for (const folder of scopes.folders) add(`folder:${folder}`, `Folder ${folder}/`)
    for (const note of scopes.notes) add(`note:${note}`, `Note ${note}`)
    select.value = scope?.note ? `note:${scope.note}` : scope?.folder ? `folder:${scope.folder}` : ''
    select.addEventListener('change', () => {
      const value = select.value
      scope = value.startsWith('note:')
        ? { note: value.slice(5) }
        : value.startsWith('folder:')
          ? { folder: value.slice(7) }
          : undefined
      void begin()
    })
    return el(doc, 'label', { className: 'nk-scope-label' }, [el(doc, 'span', { text: 'Practise only ' }), select])
  }

  function progressBar(): HTMLElement {
    const { done, total } = session.progress()
    const bar = el(doc, 'div', {
      className: 'nk-progressbar',
      attrs: {
        role: 'progressbar',
        'aria-valuemin': '0',
        'aria-valuemax': String(total),
        'aria-valuenow': String(done),
        'aria-label': 'Progress',
        'data-testid': 'progressbar',
      },
    })
    const fill = el(doc, 'div', { className: 'nk-progressbar-fill' })
    fill.style.width = `${total === 0 ? 100 : Math.round((100 * done) / total)}%`
    bar.append(fill)
    return bar
  }

  /** At most this many warnings are listed; the rest are counted (validate lists every one). */
  const WARNINGS_SHOWN = 5

  /** The start's warnings, once: each by textContent (they quote log lines and note paths). */
  function takeWarnings(): HTMLElement[] {
    if (warnings.length === 0) return []
    const shown = warnings.slice(0, WARNINGS_SHOWN)
    const more = warnings.length - shown.length
    const block = el(
      doc,
      'div',
      { className: 'nk-warnings', attrs: { role: 'status', 'data-testid': 'practice-warnings' } },
      [
        ...shown.map(text => el(doc, 'p', { text: `Warning: ${text}` })),
        ...(more > 0 ? [el(doc, 'p', { text: `and ${more} more; /validate lists every one.` })] : []),
      ],
    )
    warnings = []
    return [block]
  }

  function showNothingDue(nextDue: IsoDate | null, limitsReached: string | null): void {
    const body = shell.show('Practice')
    // Items the daily limits hold back are due all the same: "nothing is due" would be wrong.
    const text =
      limitsReached ??
      (nextDue
        ? `Nothing is due today. The next item is due on ${nextDue}.`
        : 'Nothing is due, and no item is scheduled. Add [qanda] items with [[ids]] to internalise/ notes.')
    body.append(
      ...takeWarnings(),
      ...[scopePicker()].filter(x => x !== null),
      el(doc, 'p', { className: 'nk-empty', text, attrs: { 'data-testid': 'nothing-due' } }),
      el(doc, 'p', { className: 'nk-muted', text: `Scheduler: ${scheduler}` }),
    )
    onKey = null
  }

  function undoButton(): HTMLButtonElement {
    const button = el(doc, 'button', {
      className: 'nk-secondary',
      text: 'Undo last grade (U, Ctrl+Z)',
      attrs: { type: 'button', 'data-testid': 'undo' },
    })
    button.disabled = !session.canUndo()
    button.addEventListener('click', () => void undoLast())
    return button
  }

  function showSummary(): void {
    const body = shell.show('Practice done')
    const summary = session.summary()
    let nextDue: IsoDate | null = null
    try {
      nextDue = backend.nextDue()
    } catch (error) {
      fail(`Could not work out when the next item is due: ${messageOf(error)}`)
    }
    const retention =
      summary.retention === null
        ? summary.items === 0
          ? 'Retention today: no item answered.'
          : 'Retention today: only new items answered (their first answers are learning, not recall).'
        : `Retention today: ${Math.round(summary.retention * 100)} % of the items reviewed before were not forgotten (first answers other than again; new items left out).`
    body.append(
      el(doc, 'p', { className: 'nk-summary', text: `${summaryLine(summary)}.`, attrs: { 'data-testid': 'summary' } }),
      el(
        doc,
        'ul',
        { className: 'nk-tally' },
        GRADES.map(g =>
          el(doc, 'li', { className: `nk-tally-${g}`, text: `${g}: ${summary.grades[g]}`, attrs: { 'data-grade': g } }),
        ),
      ),
      el(doc, 'p', {
        text: `Time spent: ${durationLabel(now() - startedAt)}.`,
        attrs: { 'data-testid': 'time-spent' },
      }),
      el(doc, 'p', { text: retention, attrs: { 'data-testid': 'retention' } }),
      el(doc, 'p', {
        text: nextDue ? `The next item is due on ${nextDue}.` : 'No item is scheduled after today.',
        attrs: { 'data-testid': 'next-due' },
      }),
      ...(summary.skipped > 0 ? [el(doc, 'p', { className: 'nk-muted', text: `${summary.skipped} skipped.` })] : []),
      el(doc, 'div', { className: 'nk-actions' }, [undoButton()]),
    )
    onKey = event => {
      if (isUndoKey(event) || event.key === 'u' || event.key === 'U') {
        event.preventDefault()
        void undoLast()
        return true
      }
      return false
    }
  }

  async function showItem(): Promise<void> {
    const item = session.current()
    if (!item) {
      // The session is over: its state.json goes to disk before the summary says so.
      await backend.flush().catch(error => fail(stateNotWritten(error)))
      return showSummary()
    }
    const { done, total } = session.progress()
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
    const skip = el(doc, 'button', {
      className: 'nk-secondary',
      text: 'Skip (S)',
      attrs: { type: 'button', 'data-testid': 'skip' },
    })
    skip.addEventListener('click', () => doSkip())
    const revealed = el(doc, 'div', { className: 'nk-revealed' })
    body.append(
      ...takeWarnings(),
      ...[scopePicker()].filter(x => x !== null),
      progressBar(),
      el(doc, 'div', { className: 'nk-meta' }, [
        el(doc, 'span', {
          className: 'nk-progress',
          text: `${done + 1} of ${total}`,
          attrs: { 'data-testid': 'progress' },
        }),
        el(doc, 'span', { className: 'nk-item-id', text: item.id }),
        el(doc, 'span', {
          className: 'nk-where',
          text: `${item.file}:${item.line}`,
          attrs: { 'data-testid': 'where', title: 'Where the item is written' },
        }),
        session.isRelearning()
          ? el(doc, 'span', {
              className: 'nk-relearn',
              text: 'again: relearning',
              attrs: { 'data-testid': 'relearning' },
            })
          : null,
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
      el(doc, 'div', { className: 'nk-actions' }, [reveal, skip, undoButton()]),
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
      if (isUndoKey(event) && (event.target !== answer || answer.value === '' || shown)) {
        event.preventDefault()
        void undoLast()
        return true
      }
      if (shown || event.target === answer) return false
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault()
        doReveal()
        return true
      }
      if (event.key === 's' || event.key === 'S') {
        event.preventDefault()
        doSkip()
        return true
      }
      if (event.key === 'u' || event.key === 'U') {
        event.preventDefault()
        void undoLast()
        return true
      }
      return false
    }
    try {
      await render(prompt, item.prompt, item.attributes)
    } catch (error) {
      prompt.textContent = item.prompt
      fail(`Could not render the prompt of ${item.id}: ${messageOf(error)}`)
    }
    answer.focus()
  }

  function diffBox(check: AnswerCheck): HTMLElement | null {
    // An empty answer has nothing to compare: no box repeating the whole response as missing.
    if (check.diff.length === 0) return null
    const diff = el(doc, 'p', { className: 'nk-diff', attrs: { 'data-testid': 'diff' } })
    for (const part of check.diff) {
      const tag =
        part.kind === 'missing' ? 'ins' : part.kind === 'extra' ? 'del' : part.kind === 'near' ? 'mark' : 'span'
      const node = el(doc, tag, { className: `nk-diff-${part.kind}`, text: part.text })
      if (part.kind === 'near') node.title = `you wrote “${part.typed ?? ''}”`
      diff.append(node, doc.createTextNode(' '))
    }
    return el(doc, 'div', { className: 'nk-diff-wrap' }, [el(doc, 'h3', { text: 'Differences' }), diff])
  }

  /** Why two buttons show the same interval: the scheduler gives no longer (or shorter) one here. */
  function equalIntervalsNote(preview: GradePreviews | null): HTMLElement | null {
    if (!preview) return null
    const equal = GRADES.filter(g => GRADES.some(h => h !== g && preview[h].next_due === preview[g].next_due))
    if (equal.length === 0) return null
    return el(doc, 'p', {
      className: 'nk-muted',
      text: `${equal.join(', ')} give the same date: the scheduler has no longer or shorter interval for this item now.`,
      attrs: { 'data-testid': 'equal-intervals' },
    })
  }

  async function showResponse(item: DueItem, produced: string, target: HTMLElement): Promise<void> {
    const response = el(doc, 'div', { className: 'nk-response nk-asciidoc', attrs: { 'data-testid': 'response' } })
    const check = backend.check(produced, item.response, item.attributes)
    const suggested = check.suggested
    let preview: GradePreviews | null = null
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
      ...[diffBox(check)].filter(x => x !== null),
      el(doc, 'p', {
        className: 'nk-muted',
        text: check.confident ? `Suggested: ${suggested} (Enter)` : `Suggested: ${suggested}, not sure: press 1-4`,
        attrs: { id: 'nk-suggestion', 'data-testid': 'suggested' },
      }),
      el(doc, 'div', { className: 'nk-grades', attrs: { role: 'group', 'aria-label': 'Grade' } }, buttons),
      ...[equalIntervalsNote(preview)].filter(x => x !== null),
    )
    onKey = event => {
      if (isUndoKey(event) || event.key === 'u' || event.key === 'U') {
        event.preventDefault()
        void undoLast()
        return true
      }
      if (event.key === 's' || event.key === 'S') {
        event.preventDefault()
        doSkip()
        return true
      }
      if (event.key === 'Enter' && event.target === doc.body) {
        if (!check.confident) return false
        event.preventDefault()
        void submit(item, suggested, buttons)
        return true
      }
      const digit = Number(event.key)
      const grade = Number.isInteger(digit) ? GRADES[digit - 1] : undefined
      if (!grade) return false
      event.preventDefault()
      void submit(item, grade, buttons)
      return true
    }
    try {
      await render(response, item.response, item.attributes)
    } catch (error) {
      response.textContent = item.response
      fail(`Could not render the response of ${item.id}: ${messageOf(error)}`)
    }
    // Focus on the suggested button only when Enter may take it; otherwise the user picks 1-4.
    if (check.confident) buttons.find(b => b.dataset['grade'] === suggested)?.focus()
    else (doc.activeElement as HTMLElement | null)?.blur?.()
  }

  let saving = false
  async function submit(item: DueItem, grade: Grade, buttons: HTMLButtonElement[]): Promise<void> {
    if (saving) return
    saving = true
    for (const b of buttons) b.disabled = true
    try {
      await backend.grade(item.id, grade)
      session.grade(grade)
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

  function doSkip(): void {
    if (saving) return
    session.skip()
    void showItem()
  }

  async function undoLast(): Promise<void> {
    if (saving || !session.canUndo()) return
    saving = true
    const last = session.undo()
    try {
      if (last) await backend.undo(last.item.id, last.grade)
      options.onGraded?.()
      await showItem()
    } catch (error) {
      // The void line is not on disk: the grade still counts, and the session says so.
      if (last) session.grade(last.grade)
      fail(`Could not take back the ${last?.grade} of ${last?.item.id}: ${messageOf(error)}`)
    } finally {
      saving = false
    }
  }

  async function begin(): Promise<void> {
    const body = shell.show('Practice')
    body.append(el(doc, 'p', { className: 'nk-muted', text: 'Indexing the corpus…' }))
    try {
      const started = await backend.start(scope)
      scheduler = started.scheduler
      scopes = started.scopes
      warnings = started.warnings ?? []
      session = new PracticeSession(started.items, { relearn: started.relearn })
      startedAt = now()
      if (started.items.length === 0) showNothingDue(started.nextDue, started.limitsReached ?? null)
      else await showItem()
    } catch (error) {
      fail(`Practice could not start: ${messageOf(error)}`)
    }
  }

  return { ready: begin() }
}

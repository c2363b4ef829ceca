// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { checkAnswer, type DueItem } from '../../src/core/practice.js'
import type { GradePreviews } from '../../src/core/schedulers/preview.js'
import type { Grade } from '../../src/core/types.js'
import type { PracticeBackend } from '../../src/plugin/review-window/practice-backend.js'
import { openReview, type RenderAsciidoc } from '../../src/plugin/review-window/review-modal.js'
import { createShell, type Shell } from '../../src/plugin/review-window/shell.js'

const item = (id: string, prompt: string, response: string, leech = false): DueItem => ({
  id,
  prompt,
  response,
  next_due: '2026-05-30',
  leech,
  isNew: false,
  file: `internalise/${id.split('#')[0]}.adoc`,
  line: 3,
})

interface FakeBackend extends PracticeBackend {
  graded: { id: string; grade: Grade }[]
  voided: { id: string; grade: Grade }[]
  flushes: number
  failNext: string | null
}

function fakeBackend(
  items: DueItem[],
  nextDue: string | null = null,
  limitsReached: string | null = null,
  warnings: string[] = [],
): FakeBackend {
  const preview: GradePreviews = {
    again: { next_due: '2026-05-31', days: 1 },
    hard: { next_due: '2026-05-31', days: 1 },
    good: { next_due: '2026-06-02', days: 3 },
    easy: { next_due: '2026-06-06', days: 7 },
  }
  const backend: FakeBackend = {
    graded: [],
    voided: [],
    flushes: 0,
    failNext: null,
    start: async () => ({
      items,
      nextDue,
      limitsReached,
      scheduler: 'leitner',
      relearn: true,
      scopes: { notes: [], folders: [] },
      warnings,
    }),
    preview: () => preview,
    check: checkAnswer,
    async undo(id, grade) {
      backend.voided.push({ id, grade })
    },
    nextDue: () => nextDue,
    flush: async () => void backend.flushes++,
    async grade(id, grade) {
      if (backend.failNext) {
        const message = backend.failNext
        backend.failNext = null
        throw new Error(message)
      }
      backend.graded.push({ id, grade })
    },
  }
  return backend
}

// Renders the source as text: these tests are about the modal's flow, not about AsciiDoc.
const renderAsText: RenderAsciidoc = async (target, source) => {
  target.textContent = source
}

const settle = () => new Promise(resolve => setTimeout(resolve, 0))
const q = (testid: string) => document.querySelector<HTMLElement>(`[data-testid="${testid}"]`)
const key = (k: string, target: EventTarget = document) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }))

let closed = 0
let errors: string[] = []
let shell: Shell | null = null
function open(backend: PracticeBackend) {
  shell?.dispose()
  closed = 0
  errors = []
  shell = createShell(document, () => closed++)
  return openReview({ shell, backend, render: renderAsText, reportError: t => errors.push(t) })
}

describe('the review modal', () => {
  beforeEach(() => {
    shell?.dispose()
    shell = null
  })

  it('shows the prompt, progress and an answer box, and reveals with Enter in the answer', async () => {
    const backend = fakeBackend([
      item('english#few', 'Few or little?', 'Little.'),
      item('english#need', 'Need + ?', 'the -ing form'),
    ])
    await open(backend).ready
    expect(q('progress')?.textContent).toBe('1 of 2')
    expect(q('prompt')?.textContent).toBe('Few or little?')
    expect(q('response')).toBeNull()
    const answer = q('answer') as HTMLTextAreaElement
    answer.value = 'little'
    key('Enter', answer)
    await settle()
    expect(q('response')?.textContent).toBe('Little.')
    expect(q('produced')?.textContent).toBe('little')
    expect(q('suggested')?.textContent).toBe('Suggested: good (Enter)')
    expect(document.querySelector('.nk-suggested')?.getAttribute('data-grade')).toBe('good')
  })

  it('keeps Shift+Enter for a new line in the answer', async () => {
    await open(fakeBackend([item('a#b', 'p', 'r')])).ready
    key('Enter', q('answer')!)
    expect(q('response')).not.toBeNull()
    await open(fakeBackend([item('a#b', 'p', 'r')])).ready
    q('answer')!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true, cancelable: true }),
    )
    await settle()
    expect(q('response')).toBeNull()
  })

  it('reveals with Space when the focus is outside the answer box', async () => {
    await open(fakeBackend([item('a#b', 'p', 'r')])).ready
    ;(q('answer') as HTMLTextAreaElement).blur()
    key(' ')
    await settle()
    expect(q('response')).not.toBeNull()
  })

  it('shows the interval each grade would give', async () => {
    await open(fakeBackend([item('a#b', 'p', 'r')])).ready
    q('reveal')!.click()
    await settle()
    const labels = ['again', 'hard', 'good', 'easy'].map(g => q(`grade-${g}`)?.textContent)
    expect(labels).toEqual(['1again1 day', '2hard1 day', '3good3 days', '4easy7 days'])
  })

  it('grades with a click and with keys 1-4, each saved before the next prompt', async () => {
    const items = [item('a#1', 'one', 'r1'), item('a#2', 'two', 'r2'), item('a#3', 'three', 'r3')]
    const backend = fakeBackend(items)
    await open(backend).ready
    q('reveal')!.click()
    await settle()
    q('grade-hard')!.click()
    await settle()
    expect(backend.graded).toEqual([{ id: 'a#1', grade: 'hard' }])
    expect(q('progress')?.textContent).toBe('2 of 3')
    expect(q('prompt')?.textContent).toBe('two')
    q('reveal')!.click()
    await settle()
    key('4')
    await settle()
    q('reveal')!.click()
    await settle()
    key('1')
    await settle()
    expect(backend.graded.map(g => g.grade)).toEqual(['hard', 'easy', 'again'])
    // The again comes back (relearning) before the summary.
    expect(q('relearning')).not.toBeNull()
    expect(backend.flushes).toBe(0) // state.json follows each card, coalesced: not awaited mid-session
    q('reveal')!.click()
    await settle()
    key('3')
    await settle()
    expect(backend.flushes).toBe(1) // the session's end waits for its state.json
    expect(q('summary')?.textContent).toBe(
      'Practised 3 of 3 items: 1 again, 1 hard, 1 good, 1 easy (4 grades; 1 relearned).',
    )
    expect(document.querySelector('[data-grade="easy"]')?.textContent).toBe('easy: 1')
  })

  it('does not show the next prompt until the grade is saved', async () => {
    const backend = fakeBackend([item('a#1', 'one', 'r1'), item('a#2', 'two', 'r2')])
    let release: () => void = () => {}
    const saved = backend.grade.bind(backend)
    backend.grade = (id, grade) => new Promise<void>(resolve => (release = () => void saved(id, grade).then(resolve)))
    await open(backend).ready
    q('reveal')!.click()
    await settle()
    key('3')
    await settle()
    expect(q('progress')?.textContent).toBe('1 of 2')
    expect((q('grade-good') as HTMLButtonElement).disabled).toBe(true)
    key('3')
    release()
    await settle()
    await settle()
    expect(q('progress')?.textContent).toBe('2 of 2')
    expect(backend.graded).toEqual([{ id: 'a#1', grade: 'good' }])
  })

  it('ignores grade keys before the response is revealed', async () => {
    const backend = fakeBackend([item('a#1', 'one', 'r1')])
    await open(backend).ready
    key('3')
    await settle()
    expect(backend.graded).toEqual([])
  })

  it('shows a failed save in the modal, keeps the item, and lets the user retry', async () => {
    const backend = fakeBackend([item('a#1', 'one', 'r1')])
    await open(backend).ready
    q('reveal')!.click()
    await settle()
    backend.failNext = 'internalise/.srs/log.jsonl: permission denied'
    q('grade-good')!.click()
    await settle()
    expect(q('errors')?.textContent).toContain('was NOT saved: internalise/.srs/log.jsonl: permission denied')
    expect(errors).toHaveLength(1)
    expect(q('progress')?.textContent).toBe('1 of 1')
    q('grade-good')!.click()
    await settle()
    expect(backend.graded).toEqual([{ id: 'a#1', grade: 'good' }])
    expect(q('summary')).not.toBeNull()
  })

  it('marks a leech', async () => {
    await open(fakeBackend([item('a#1', 'one', 'r1', true)])).ready
    expect(q('leech')?.textContent).toContain('leech')
  })

  it('says when the next item is due when nothing is due', async () => {
    await open(fakeBackend([], '2026-06-04')).ready
    expect(q('nothing-due')?.textContent).toBe('Nothing is due today. The next item is due on 2026-06-04.')
  })

  it('says that the daily limits hold items back, rather than that nothing is due', async () => {
    const line =
      'The daily limits are reached (2026-06-01): 3 more items are due, all new, and wait for another day (limits.newPerDay 0).'
    await open(fakeBackend([], '2026-06-04', line)).ready
    expect(q('nothing-due')?.textContent).toBe(line)
  })

  it('closes on Escape', async () => {
    await open(fakeBackend([item('a#1', 'one', 'r1')])).ready
    key('Escape')
    expect(closed).toBe(1)
  })

  it('marks the words missing from the answer and the extra ones', async () => {
    await open(fakeBackend([item('a#1', 'p', 'The car needs *washing*.')])).ready
    ;(q('answer') as HTMLTextAreaElement).value = 'the car needs a wash'
    q('reveal')!.click()
    await settle()
    const missing = [...document.querySelectorAll('.nk-diff ins')].map(n => n.textContent)
    const extra = [...document.querySelectorAll('.nk-diff del')].map(n => n.textContent)
    expect(missing).toEqual(['washing.'])
    expect(extra).toEqual(['a wash'])
  })

  it('puts a hostile answer and item id in as text, never as markup', async () => {
    await open(fakeBackend([item('a#<img src=x onerror=alert(1)>', 'p', 'r')])).ready
    ;(q('answer') as HTMLTextAreaElement).value = '<img src=x onerror="window.pwned=1"><script>window.pwned=1</script>'
    q('reveal')!.click()
    await settle()
    expect(document.querySelectorAll('img, script')).toHaveLength(0)
    expect(q('produced')?.textContent).toContain('<script>')
  })

  it('undo (button, U and Ctrl+Z) takes back the last grade with a void and asks that item again', async () => {
    const backend = fakeBackend([item('a#1', 'one', 'r1'), item('a#2', 'two', 'r2')])
    await open(backend).ready
    expect((q('undo') as HTMLButtonElement).disabled).toBe(true)
    q('reveal')!.click()
    await settle()
    key('3')
    await settle()
    expect(q('prompt')?.textContent).toBe('two')
    q('undo')!.click()
    await settle()
    expect(backend.voided).toEqual([{ id: 'a#1', grade: 'good' }])
    expect(q('prompt')?.textContent).toBe('one')
    expect(q('progress')?.textContent).toBe('1 of 2')
    q('reveal')!.click()
    await settle()
    key('4')
    await settle()
    // Ctrl+Z in the empty answer box is the session's undo, not the text box's.
    q('answer')!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true }),
    )
    await settle()
    expect(backend.voided).toEqual([
      { id: 'a#1', grade: 'good' },
      { id: 'a#1', grade: 'easy' },
    ])
    expect(q('prompt')?.textContent).toBe('one')
  })

  it('skip puts the item at the end', async () => {
    await open(fakeBackend([item('a#1', 'one', 'r1'), item('a#2', 'two', 'r2')])).ready
    q('skip')!.click()
    await settle()
    expect(q('prompt')?.textContent).toBe('two')
  })

  it('shows no diff box for an empty answer, and a diff for a written one', async () => {
    await open(fakeBackend([item('a#1', 'one', 'The -ing form: the car needs washing.')])).ready
    q('reveal')!.click()
    await settle()
    expect(q('diff')).toBeNull()
    expect(q('produced')?.textContent).toBe('(nothing written)')
    await open(fakeBackend([item('a#1', 'one', 'The -ing form: the car needs washing.')])).ready
    ;(q('answer') as HTMLTextAreaElement).value = 'the ing form'
    q('reveal')!.click()
    await settle()
    expect(q('diff')?.querySelector('ins')?.textContent).toBe('the car needs washing.')
  })

  it('explains two buttons with the same interval', async () => {
    await open(fakeBackend([item('a#1', 'one', 'r1')])).ready
    q('reveal')!.click()
    await settle()
    expect(q('equal-intervals')?.textContent).toBe(
      'again, hard give the same date: the scheduler has no longer or shorter interval for this item now.',
    )
  })

  it('Enter takes only a confident suggestion', async () => {
    const backend = fakeBackend([item('a#1', 'one', 'Canberra.')])
    await open(backend).ready
    ;(q('answer') as HTMLTextAreaElement).value = 'Canbera'
    q('reveal')!.click()
    await settle()
    expect(q('suggested')?.textContent).toBe('Suggested: hard, not sure: press 1-4')
    key('Enter', document.body)
    await settle()
    expect(backend.graded).toEqual([])
  })

  it('ends with time spent, grades, retention today and when the next item is due', async () => {
    shell?.dispose()
    shell = createShell(document, () => closed++)
    let clock = 1_000
    const backend = fakeBackend([item('a#1', 'one', 'r1'), item('a#2', 'two', 'r2')], '2026-06-09')
    await openReview({ shell, backend, render: renderAsText, reportError: () => {}, now: () => clock }).ready
    for (const grade of ['1', '3', '4']) {
      q('reveal')!.click()
      await settle()
      clock += 50_000
      key(grade)
      await settle()
    }
    expect(q('summary')?.textContent).toBe(
      'Practised 2 of 2 items: 1 again, 0 hard, 1 good, 1 easy (3 grades; 1 relearned).',
    )
    expect(q('time-spent')?.textContent).toBe('Time spent: 2 min 30 s.')
    expect(q('retention')?.textContent).toContain('Retention today: 50 %')
    expect(q('next-due')?.textContent).toBe('The next item is due on 2026-06-09.')
    expect(q('where')).toBeNull()
  })

  it('says a session of new items only has no retention yet, rather than 0 %', async () => {
    await open(fakeBackend([{ ...item('a#1', 'one', 'r1'), isNew: true }])).ready
    q('reveal')!.click()
    await settle()
    key('1')
    await settle()
    // The again comes back (relearning): reveal it again, then good.
    q('reveal')!.click()
    await settle()
    key('3')
    await settle()
    expect(q('retention')?.textContent).toBe(
      'Retention today: only new items answered (their first answers are learning, not recall).',
    )
  })

  it('says where each item is written', async () => {
    await open(fakeBackend([item('english#few', 'p', 'r')])).ready
    expect(q('where')?.textContent).toBe('internalise/english.adoc:3')
  })

  it('says what the session leaves out above its first card, as text, once', async () => {
    const hostile = 'internalise/.srs/log.jsonl:2: skipped: not a valid review: <img src=x onerror=alert(1)>'
    const warnings = [
      hostile,
      ...Array.from({ length: 6 }, (_, i) => `internalise/.srs/log.jsonl:${i + 3}: skipped: x`),
    ]
    const backend = fakeBackend([item('a#1', 'one', 'r1'), item('a#2', 'two', 'r2')], null, null, warnings)
    await open(backend).ready
    const block = q('practice-warnings')
    const lines = [...(block?.querySelectorAll('p') ?? [])].map(p => p.textContent)
    expect(lines).toEqual([
      `Warning: ${hostile}`,
      ...[3, 4, 5, 6].map(n => `Warning: internalise/.srs/log.jsonl:${n}: skipped: x`),
      'and 2 more; /validate lists every one.',
    ])
    expect(block?.querySelector('img')).toBeNull()
    expect(q('prompt')?.textContent).toBe('one')
    q('reveal')!.click()
    await settle()
    q('grade-good')!.click()
    await settle()
    expect(q('prompt')?.textContent).toBe('two')
    expect(q('practice-warnings')).toBeNull()
  })

  it('says them on the nothing-due screen too, and shows no block without them', async () => {
    await open(fakeBackend([], '2026-07-01', null, ['internalise/.srs/log.jsonl:1: skipped: x'])).ready
    expect(q('practice-warnings')?.textContent).toBe('Warning: internalise/.srs/log.jsonl:1: skipped: x')
    expect(q('nothing-due')).not.toBeNull()
    await open(fakeBackend([item('a#1', 'one', 'r1')])).ready
    expect(q('practice-warnings')).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { contradictions } from '../../src/core/hygiene/contradictions.js'

// The sentence check pairs sentences whose words, dates, numbers and negation cues aside, are
// the same or one word apart (docs/adr/0006); these tests pin that contract and its caps.

const note = (body: string) => `= Note\n:intent: reference\n:source: x\n\n${body}\n`

function flips(bodies: readonly string[]) {
  const texts = new Map(bodies.map((body, i) => [`reference/n${String(i).padStart(4, '0')}.adoc`, note(body)]))
  const notes = [...texts].map(([path, text]) => scanNote(path, text))
  return contradictions(notes, texts).map(({ file, other, reason }) => ({
    file,
    other: { file: (other as { file: string }).file },
    reason,
  }))
}

/** The findings' member counts. */
function clusterSizes(bodies: readonly string[]): number[] {
  const texts = new Map(bodies.map((body, i) => [`reference/n${String(i).padStart(4, '0')}.adoc`, note(body)]))
  const notes = [...texts].map(([path, text]) => scanNote(path, text))
  return contradictions(notes, texts).map(finding => (finding['members'] as unknown[]).length)
}

describe('sentence flips', () => {
  it('finds a changed number when one other word was also added, or replaced', () => {
    expect(
      flips([
        'The upload client retries 5 times per hour before it gives up.',
        'The upload client now retries 7 times per hour before it gives up.',
      ]),
    ).toEqual([{ file: 'reference/n0000.adoc', other: { file: 'reference/n0001.adoc' }, reason: 'number' }])
    expect(
      flips([
        'The upload client retries 5 times per hour before it gives up.',
        'The upload client retries 7 times per day before it gives up.',
      ]),
    ).toHaveLength(1)
  })

  it('finds a dropped negation, a changed date, and nothing between sentences that are the same', () => {
    expect(
      flips([
        'Never store the session token in local storage of the browser.',
        'Store the session token in local storage of the browser.',
      ])[0]?.reason,
    ).toBe('negation')
    expect(
      flips([
        'The migration to the new cluster finished on 2025-01-10 at night.',
        'The migration to the new cluster finished on 2025-02-10 at night.',
      ])[0]?.reason,
    ).toBe('date')
    expect(
      flips(['The retry budget of the client is 5 per hour.', 'The retry budget of the client is 5 per hour.']),
    ).toEqual([])
  })

  it('does not count a number of a URL or macro target, its repeat in the link text, or a version, as a stated number', () => {
    // A release newsletter's version bump (the real corpus's most common false alarm).
    const release = (version: string) =>
      `* https://github.com/acme/calva[calva] https://github.com/acme/calva/releases/tag/v${version}[${version}] - Interactive programming for the editor`
    expect(flips([release('2.0.301'), release('2.0.540')])).toEqual([])
    expect(
      flips([
        'Review https://example.org/acme/pull/42[pull request 42] before the release of the client.',
        'Review https://example.org/acme/pull/43[pull request 43] before the release of the client.',
      ]),
    ).toEqual([])
    expect(
      flips([
        'Read link:{base}/inno-4-Scrum.html[Scrum practice] before the first session of the course.',
        'Read link:{base}/inno-5-Scrum.html[Scrum practice] before the first session of the course.',
      ]),
    ).toEqual([])
    expect(
      flips([
        'The cli library 0.5.40 turns Clojure functions into command line tools.',
        'The cli library 0.6.45 turns Clojure functions into command line tools.',
      ]),
    ).toEqual([])
    // A number in the link text that the target does not hold is stated.
    expect(
      flips([
        'Tickets for https://clojure-south.com/[Clojure South 2025] are on sale for everyone now.',
        'Tickets for https://clojure-south.com/[Clojure South 2024] are on sale for everyone now.',
      ])[0]?.reason,
    ).toBe('number')
  })

  it('does not report a number on one side only as a different number', () => {
    expect(
      flips([
        'The upload client retries 5 times per hour before it gives up.',
        'The upload client retries times per hour before it gives up.',
      ]),
    ).toEqual([])
    // A `1.` list marker (no number of the sentence) against `1)` written in the text.
    expect(
      flips([
        '1. Define a function greet that takes no arguments and prints Hello.',
        '1) Define a function greet that takes no arguments and prints Hello.',
      ]),
    ).toEqual([])
    // One number more on one side: the other does not state a different one.
    expect(
      flips([
        'The upload client retries 5 times per hour before it gives up.',
        'The upload client retries 5 times per 2 hours before it gives up.',
      ]),
    ).toEqual([])
    // What else differs is still reported.
    expect(
      flips([
        'The upload client retries 5 times per hour before it gives up.',
        'The upload client never retries times per hour before it gives up.',
      ])[0]?.reason,
    ).toBe('negation')
  })

  it('does not pair sentences that differ in two words besides the number', () => {
    expect(
      flips([
        'The upload client retries 5 times per hour before it gives up.',
        'The download client retries 7 times per day before it gives up.',
      ]),
    ).toEqual([])
  })

  it('makes a sentence repeated in 600 notes and the one note that drops its negation one finding of 601 members', () => {
    const repeated = Array.from({ length: 600 }, () => 'Do not commit the generated secrets file to the repository.')
    const found = flips([...repeated, 'Do commit the generated secrets file to the repository.'])
    expect(found).toHaveLength(1)
    expect(found[0]?.reason).toBe('negation')
    expect(found[0]?.other.file).toBe('reference/n0600.adoc')
    expect(clusterSizes([...repeated, 'Do commit the generated secrets file to the repository.'])).toEqual([601])
  })

  it('skips a template sentence repeated with a different number in each of 1,000 notes (over the bucket cap)', () => {
    const versions = Array.from(
      { length: 1000 },
      (_, i) => `This page was generated by the site builder at build number ${i + 1}.`,
    )
    expect(flips(versions)).toEqual([])
    // Below the cap the same template is compared: 20 notes, 190 pairs, one cluster.
    expect(clusterSizes(versions.slice(0, 20))).toEqual([20])
  })
})

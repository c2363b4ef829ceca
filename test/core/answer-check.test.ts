import { describe, expect, it } from 'vitest'
import { checkAnswer, suggestGrade } from '../../src/core/answer/suggest.js'
import { alignWords } from '../../src/core/answer/word-diff.js'
import { plainText, readerWords } from '../../src/core/answer/words.js'

const diff = (answer: string, response: string) => alignWords(readerWords(answer), readerWords(response)).parts

describe('the word diff beside the response', () => {
  it('marks nothing when the answer matches, ignoring case and punctuation', () => {
    expect(diff('little', 'Little.')).toEqual([{ kind: 'same', text: 'Little.' }])
    expect(diff('BIBLIOTHÈQUE', '_Bibliothèque_.')).toEqual([{ kind: 'same', text: 'Bibliothèque.' }])
    // One accent composed, the other as a letter and a combining mark: the same word.
    expect(diff('te\u0301', 'té')).toEqual([{ kind: 'same', text: 'té' }])
  })

  it('shows a word whose accents are missing or wrong as near, with what was typed', () => {
    // "tu" (your) for "tú" (you) is another word to a learner of Spanish; a keyboard without
    // accents still aligns the word, and the learner sees what to type.
    expect(diff('tu', 'tú')).toEqual([{ kind: 'near', text: 'tú', typed: 'tu' }])
    expect(diff('bibliotheque', '_Bibliothèque_.')).toEqual([
      { kind: 'near', text: 'Bibliothèque.', typed: 'bibliotheque' },
    ])
    expect(diff('élève', 'elève')).toEqual([{ kind: 'near', text: 'elève', typed: 'élève' }])
  })

  it('marks the response words the answer missed and the answer words the response lacks', () => {
    expect(diff('the car needs a wash', 'the car needs washing')).toEqual([
      { kind: 'same', text: 'the car needs' },
      { kind: 'missing', text: 'washing' },
      { kind: 'extra', text: 'a wash' },
    ])
  })

  it('shows a misspelt word as near, with what was typed', () => {
    expect(diff('git comit --amend', '`git commit --amend`')).toEqual([
      { kind: 'same', text: 'git' },
      { kind: 'near', text: 'commit', typed: 'comit' },
      { kind: 'same', text: '--amend' },
    ])
  })

  it('keeps and shows tokens that are only punctuation or symbols, matched only by the same token', () => {
    expect(diff('a b', 'a → b')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'missing', text: '→' },
      { kind: 'same', text: 'b' },
    ])
    expect(diff('2 + 2 = 4', '2 + 2 = 4')).toEqual([{ kind: 'same', text: '2 + 2 = 4' }])
    expect(diff('2 + 2 = 4', '2 × 2 = 4')).toEqual([
      { kind: 'same', text: '2' },
      { kind: 'missing', text: '×' },
      { kind: 'extra', text: '+' },
      { kind: 'same', text: '2 = 4' },
    ])
    expect(diff('chalk - cheese', 'chalk — cheese')).toEqual([
      { kind: 'same', text: 'chalk' },
      { kind: 'missing', text: '—' },
      { kind: 'extra', text: '-' },
      { kind: 'same', text: 'cheese' },
    ])
    // A table's cell separators are markup, not text: still left out.
    expect(diff('a b', '| a | b')).toEqual([{ kind: 'same', text: 'a b' }])
  })

  it('never lets punctuation change what the suggestion counts: only words are recalled', () => {
    expect(checkAnswer('a b', 'a → b')).toMatchObject({ recall: 1, suggested: 'good', confident: true })
    expect(checkAnswer('GET', '`GET` / `HEAD`, the safe ones.')).toMatchObject({ answerPart: 'GET HEAD,', recall: 0.5 })
    expect(checkAnswer('→', 'a → b')).toMatchObject({ suggested: 'again', confident: true, diff: [] })
  })

  it('compares the words a reader sees: no markup, no continuation +, no block delimiters or [source] lines', () => {
    expect(plainText("_I'm used to working_: here *to* is a `preposition`.")).toBe(
      'I’m used to working: here to is a preposition.',
    )
    expect(plainText('See xref:other.adoc#x[the other note] and <<sec,that section>>.')).toBe(
      'See the other note and that section.',
    )
    expect(plainText('Little.\n+\n_Few_ goes with plurals.')).toBe('Little. Few goes with plurals.')
    expect(plainText('`git reflog`.\n+\n[source,shell]\n----\ngit reflog\n----')).toBe('git reflog. git reflog')
  })
})

describe('the grade suggestion (ADR 0008)', () => {
  const tuVous =
    'When they propose it ("on se tutoie ?"),\nor when everyone in the team already does. Never first with someone senior.'

  it('takes the first clause of the response word for word as right, confidently (the issue 10 case)', () => {
    const check = checkAnswer('when they propose it', tuVous)
    expect(check.answerPart).toBe('When they propose it')
    expect(check.suggested).toBe('good')
    expect(check.confident).toBe(true)
  })

  it('suggests again for an empty answer, confidently, with no diff to show', () => {
    expect(checkAnswer('', tuVous)).toMatchObject({ suggested: 'again', confident: true, diff: [] })
    expect(checkAnswer('   ', tuVous).diff).toEqual([])
  })

  it('measures the emphasised words of the first clause, not the explanation', () => {
    const response = 'Traditionally _fewer_ (countable). _Less_ is common in\nspeech and on supermarket signs.'
    expect(checkAnswer('fewer', response)).toMatchObject({ answerPart: 'fewer', suggested: 'good', confident: true })
    expect(checkAnswer('less', response).suggested).toBe('again')
  })

  it('is never confident about a wrong-looking or misspelt answer: Enter will ask', () => {
    expect(checkAnswer('when they suggest it', tuVous).confident).toBe(false)
    // Accents missing or wrong: recalled (a keyboard without them: the labelled "bibliotheque" is
    // good), but never confident, so Enter asks; where the response has both words, the answer
    // is the other one. With accents folded, "tu" for "tú" was good and confident.
    expect(checkAnswer('tu', 'tú')).toMatchObject({ suggested: 'good', confident: false })
    expect(checkAnswer('bibliotheque', '_Bibliothèque_.')).toMatchObject({ suggested: 'good', confident: false })
    expect(checkAnswer('tu', '_tú_: the subject pronoun; _tu_ is the possessive.')).toMatchObject({
      recall: 0,
      suggested: 'again',
      confident: false,
    })
    // Accented words that fold to function words are still the words to recall (review).
    for (const [typed, response] of [
      ['el habla', '_él habla_'],
      ['a la maison', '_à la maison_: at home'],
      ['de usted', '_dé usted_: give (formal)'],
    ] as const)
      expect(checkAnswer(typed, response), typed).toMatchObject({ confident: false })
    // A whole explanation reproduced around the wrong word: at most good, and asked for.
    expect(
      checkAnswer(
        'tu: the subject pronoun; tu is the possessive.',
        '_tú_: the subject pronoun; _tu_ is the possessive.',
      ),
    ).toMatchObject({ suggested: 'good', confident: false })
    // A difference of case only, even where lower-casing adds a mark, is the same word.
    expect(checkAnswer('istanbul', '_İstanbul_')).toMatchObject({ suggested: 'good', confident: true })
    expect(checkAnswer('tu', '_tú_: the subject pronoun; _tu_ is the possessive.')).toMatchObject({
      recall: 0,
      suggested: 'again',
      confident: false,
    })
    expect(checkAnswer('Canbera', 'Canberra. Not Sydney, the largest city.')).toMatchObject({
      suggested: 'hard',
      confident: false,
    })
    expect(checkAnswer('short-lived', 'Lasting a very short time.')).toMatchObject({
      suggested: 'again',
      confident: false,
    })
  })

  it('suggests easy for the whole response reproduced, explanation included', () => {
    expect(suggestGrade('the -ing form: the car needs washing', 'The -ing form: "the car needs washing".')).toBe('easy')
  })

  it('counts for the grade exactly the response words the diff shows as recalled', () => {
    const response = '`GET`, `HEAD`, `PUT`, `DELETE`.'
    const check = checkAnswer('HEAD', response)
    // GET is the answer part; the diff shows it missing, and the suggestion does not count it.
    expect(check.diff.find(p => p.kind === 'missing')?.text).toContain('GET')
    expect(check.recall).toBe(0)
  })
})

describe('attribute references in the response', () => {
  it("compares the note's attribute values and the built-in ones, not the {name} as written", () => {
    const attributes = { product: 'Grafana' }
    const check = checkAnswer('Grafana dashboards', '_{product}_ dashboards', attributes)
    expect(check.diff).toEqual([{ kind: 'same', text: 'Grafana dashboards' }])
    expect(check.answerPart).toBe('Grafana')
    expect(checkAnswer('a + b', 'a {plus} b').diff).toEqual([{ kind: 'same', text: 'a + b' }])
    // An escaped reference, and a name the note does not set, stay as written.
    expect(plainText('\\{product} and {unset}', attributes)).toBe('{product} and {unset}')
  })
})

describe('links in the response', () => {
  it('compares a URL with a text as its text, as the card shows it', () => {
    expect(plainText('See https://example.com/docs[the manual] now')).toBe('See the manual now')
    expect(plainText('See https://example.com/docs[] now')).toBe('See https://example.com/docs now')
    expect(checkAnswer('the manual', 'https://example.com/docs[The manual].').suggested).toBe('good')
  })
})

describe('unconstrained marks inside a word', () => {
  it('compares the word the reader sees, without the marks', () => {
    expect(plainText('**un**believable and __in__credible, H~2~SO~4~ and E=mc^2^')).toBe(
      'unbelievable and incredible, H2SO4 and E=mc2',
    )
    expect(checkAnswer('unbelievable', '**un**believable results.').suggested).toBe('good')
    // One mark in a name is no markup: snake_case and a lone `__` stay as written.
    expect(plainText('snake_case_name and `a__b`')).toBe('snake_case_name and a__b')
  })
})

describe('the answer check reads what the window shows (Asciidoctor 4.1)', () => {
  it("never asks the learner to type an admonition's label", () => {
    expect(checkAnswer('Paris', 'NOTE: Paris. The capital since 508.')).toMatchObject({
      answerPart: 'Paris.',
      suggested: 'good',
      confident: true,
    })
    expect(plainText('[TIP]\n====\nUse the *reflog*.\n====')).toBe('Use the reflog.')
  })

  it("compares Asciidoctor's replacements as the characters shown, whichever way the learner typed them", () => {
    expect(plainText("(C) Acme -- it's a--b... x -> y")).toBe('© Acme — it’s a—b… x → y')
    // © is no word to recall: the answer part is Acme.
    expect(checkAnswer('Acme', '(C) Acme, since 1990.')).toMatchObject({ answerPart: 'Acme,', suggested: 'good' })
    expect(diff('it’s x → y', "it's x -> y")).toEqual([{ kind: 'same', text: 'it’s x → y' }])
    expect(diff("it's x -> y", "it's x -> y")).toEqual([{ kind: 'same', text: 'it’s x → y' }])
  })

  it('reads a footnote apart from the word it follows, its text after the fragment, without its number', () => {
    expect(plainText('Canberra.footnote:[Since 1913.] Not Sydney.')).toBe('Canberra. Not Sydney. Since 1913.')
    expect(checkAnswer('Canberra', 'Canberra.footnote:[Since 1913.] Not Sydney.')).toMatchObject({
      answerPart: 'Canberra.',
      suggested: 'good',
      confident: true,
    })
  })

  it('reads no image: the window shows a picture, not words to type', () => {
    expect(checkAnswer('Paris', 'image:flag.png[French flag] Paris.')).toMatchObject({
      answerPart: 'Paris.',
      suggested: 'good',
    })
  })

  it("reads a table's cells without their separators and specs, and a block title without its dot", () => {
    expect(plainText('|===\n|go |went\n2+|see\n|===')).toBe('go went see')
    expect(diff('go went', '|===\n|go |went\n|===')).toEqual([{ kind: 'same', text: 'go went' }])
    expect(plainText('.Recover\n----\ngit reflog\n----')).toBe('Recover git reflog')
  })

  it('reads an escaped passthrough as written, without its backslash, and C# as a word', () => {
    expect(plainText('\\+x+ and +kept+, C# and #marked#')).toBe('+x+ and kept, C# and marked')
  })
})

import type { Grade } from '../types.js'
import { type Alignment, alignWords, type DiffPart } from './word-diff.js'
import { isWord, readerWords, type Word } from './words.js'

/** What comparing an answer with a response gives: the diff shown, and the grade suggested from it. */
export interface AnswerCheck {
  /** Answer against the whole response, for display (empty when nothing was written). */
  diff: DiffPart[]
  /** The response's answer part the suggestion measured (its first clause, or the emphasised words in it). */
  answerPart: string
  /** Share of the answer part recalled: a word counts 1, a misspelt word 0.5. */
  recall: number
  suggested: Grade
  /** True when the rule is sure enough for Enter to accept the suggestion without asking (ADR 0008). */
  confident: boolean
}

/**
 * Compares what the user produced with the response (ADR 0008). The response is an answer
 * followed, often, by explanation and examples; the answer part is its first clause (up to the
 * first `:`, `;`, `,`, `.` or parenthesis), or the emphasised words of that clause when it has
 * some (`_Little_.`, `Traditionally _fewer_ (countable)`). From the one word alignment the diff
 * shows:
 * - nothing written → again, confident;
 * - the whole response reproduced → easy, confident;
 * - the answer part all recalled, exactly → good; confident unless most of the answer is words
 *   the response does not have (a right word inside a wrong answer);
 * - three quarters of it or more (a misspelling, a word short) → hard, not confident;
 * - some of it, or only words from the explanation → hard, not confident;
 * - none of it → again; confident when the answer shares hardly anything with the response.
 */
export function checkAnswer(
  produced: string,
  response: string,
  attributes?: Readonly<Record<string, string>>,
): AnswerCheck {
  const answer = readerWords(produced)
  // The note's attributes are the response's: `{product}` is compared as the value the card shows.
  const expected = readerWords(response, attributes)
  // Punctuation is shown in the diff but is not what was recalled: only words count below.
  const answerWords = answer.filter(isWord).length
  if (answerWords === 0) return { diff: [], answerPart: '', recall: 0, suggested: 'again', confident: true }
  const alignment = alignWords(answer, expected)
  const part = answerPartIndices(expected)
  const answerPart = part.map(k => (expected[k] as Word).text).join(' ')
  const words = wordIndices(expected)
  if (words.length === 0) return { diff: alignment.parts, answerPart, recall: 1, suggested: 'good', confident: false }
  const key = keyWords(expected, part)
  const recall = shareRecalled(alignment, key)
  const overall = shareRecalled(alignment, words)
  const extraShare = alignment.extra / answerWords
  const graded = gradeFrom(recall, overall, extraShare, words.length > part.length)
  // A word of the answer part with its accents missing or wrong counts as recalled (a keyboard
  // without them; the labelled "bibliotheque" is good), but Enter never takes it: "tu" for "tú"
  // is another word to a learner, and the person decides, the diff showing it as near.
  const accentMissed = key.some(k => alignment.accentOnly[k] === true)
  if (accentMissed)
    return {
      diff: alignment.parts,
      answerPart,
      recall,
      suggested: graded.suggested === 'easy' ? 'good' : graded.suggested,
      confident: false,
    }
  return { diff: alignment.parts, answerPart, recall, ...graded }
}

function gradeFrom(
  recall: number,
  overall: number,
  extraShare: number,
  explained: boolean,
): { suggested: Grade; confident: boolean } {
  // Easy only with the answer part whole: a response reproduced around a wrong answer is no easy.
  if (explained && recall >= 0.999 && overall >= 0.9 && extraShare < 0.2) return { suggested: 'easy', confident: true }
  if (recall >= 0.999) return { suggested: 'good', confident: extraShare <= 0.5 }
  if (recall >= 0.5) return { suggested: 'hard', confident: false }
  // Nothing of the answer part: a wrong answer, or a synonym the words cannot see; the user says which.
  return { suggested: 'again', confident: false }
}

function shareRecalled(alignment: Alignment, indices: readonly number[]): number {
  if (indices.length === 0) return 0
  let points = 0
  for (const k of indices) {
    const kind = alignment.response[k]
    points += kind === 'same' || alignment.accentOnly[k] === true ? 1 : kind === 'near' ? 0.5 : 0
  }
  return points / indices.length
}

/**
 * The indices of the response words that make its answer part: the first clause, or, when the
 * clause has emphasised words, the first run of them (a run ends at a comma: in "`GET`, `HEAD`"
 * the answer part is `GET`, in "`git reflog` lists where `HEAD` has been" it is `git reflog`).
 */
export function answerPartIndices(words: readonly Word[]): number[] {
  let end = words.findIndex(w => w.endsClause)
  end = end < 0 ? words.length : end + 1
  const first = words.slice(0, end).findIndex(w => isWord(w) && w.emphasised)
  if (first < 0) return wordIndices(words.slice(0, end))
  const run: number[] = []
  for (let k = first; k < end; k++) {
    const word = words[k] as Word
    // Punctuation neither belongs to the run nor ends it ("`GET` / `HEAD`" is one run).
    if (!isWord(word)) continue
    if (!word.emphasised) break
    run.push(k)
  }
  return run
}

/** The indices of the words proper (punctuation tokens left out). */
function wordIndices(words: readonly Word[]): number[] {
  const indices: number[] = []
  for (let k = 0; k < words.length; k++) if (isWord(words[k] as Word)) indices.push(k)
  return indices
}

/** Words too common to tell a right answer from a wrong one ("the", "it"), left out of the recall unless nothing else is left. */
const FUNCTION_WORDS = new Set(
  'a an the it its is are was be to of in on at by for and or not no so as this that these those with from they them their he she you i we de la le les un une du des et en es el los las y'.split(
    ' ',
  ),
)

function keyWords(words: readonly Word[], part: readonly number[]): number[] {
  // By the spelling with accents: "él" (he) and "à" are words to recall, not "el" and "a".
  const content = part.filter(k => !FUNCTION_WORDS.has((words[k] as Word).spelled))
  return content.length > 0 ? content : [...part]
}

/** The grade suggested from what the user produced (ADR 0008); see `checkAnswer` for the confidence too. */
export function suggestGrade(produced: string, response: string): Grade {
  return checkAnswer(produced, response).suggested
}

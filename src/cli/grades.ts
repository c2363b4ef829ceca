import { GRADES, type Grade } from '../core/types.js'

/** `1`-`4` or a grade's name, any case: what `grade` and `practice` both accept. Null otherwise. */
export function parseGrade(word: string): Grade | null {
  const text = word.trim().toLowerCase()
  const byNumber = /^[1-4]$/.test(text) ? GRADES[Number(text) - 1] : undefined
  return byNumber ?? GRADES.find((grade): grade is Grade => grade === text) ?? null
}

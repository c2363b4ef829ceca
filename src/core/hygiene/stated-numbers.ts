// Which numbers in a line of prose are values the sentence states, for the `number` and `date`
// contradiction flips (sentence-flips.ts). On the real corpora most "different numbers" were not
// values at all: version bumps in release newsletters
// (`https://github.com/x/releases/tag/v0.18.0[0.18.0]`), page names in link targets
// (`link:{base}/inno-4-Scrum.html[...]`), the `0` of `v1.0`. Those are parts of names; a
// sentence that changes them has not changed a fact it states.

const isDigit = (code: number): boolean => code >= 48 && code <= 57
const isAlnum = (code: number): boolean => isDigit(code) || (code >= 97 && code <= 122)
const isBreak = (code: number): boolean => code === 32 || code === 9

/**
 * Whether the number (or date) at [start, end) of the lower-cased line is a value the line
 * states: not inside a URL or a macro target, not the link text's repeat of a number of the
 * target it follows, not a dotted version (`1.2.3`) and not the tail of a dotted name (`v1.0`).
 */
export function isStatedNumber(lower: string, start: number, end: number): boolean {
  if (isDottedVersion(lower, start, end)) return false
  // `v1.0`, `java.17`: the digits after a dot glued to a name continue that name.
  if (lower.charCodeAt(start - 1) === 46 && isAlnum(lower.charCodeAt(start - 2))) return false
  const run = runStart(lower, start)
  if (isTarget(lower.slice(run, start))) return false
  return !repeatsTarget(lower, start, lower.slice(start, end))
}

/** Two dots or more between digit runs (`0.18.0`, `2.0.301`): a version, an identifier, not a quantity. */
function isDottedVersion(lower: string, start: number, end: number): boolean {
  let dots = 0
  for (let i = start; i < end; i++) if (lower.charCodeAt(i) === 46) dots++
  return dots >= 2
}

/** Where the run of characters ending at `at` starts: after white space or a `[` (a macro's visible text). */
function runStart(lower: string, at: number): number {
  let from = at
  while (from > 0) {
    const code = lower.charCodeAt(from - 1)
    if (isBreak(code) || code === 91) break
    from--
  }
  return from
}

// A URL (`https://`, `irc://`), or an inline macro's target: `link:`, `xref:`, `image:`,
// `mailto:`, `include::`, ... (a name of letters and a colon, then the target).
const MACRO = /^[a-z][a-z0-9_-]*:/

function isTarget(run: string): boolean {
  return run.includes('://') || MACRO.test(run)
}

/**
 * Whether `number`, inside the `[...]` of a URL or macro, is also in its target: the link text
 * repeating it (`.../tag/v0.18.0[Release 0.18.0]`, `.../pull/42[#42]`) states nothing the target does not.
 */
function repeatsTarget(lower: string, start: number, number: string): boolean {
  let open = start - 1
  while (open >= 0 && lower.charCodeAt(open) !== 91) {
    if (lower.charCodeAt(open) === 93) return false
    open--
  }
  if (open <= 0) return false
  const target = lower.slice(runStart(lower, open), open)
  return isTarget(target) && hasNumber(target, number)
}

/** `number` in `text` as a whole run of digits (`1` is not in `v10`). */
function hasNumber(text: string, number: string): boolean {
  for (let at = text.indexOf(number); at >= 0; at = text.indexOf(number, at + 1))
    if (!isDigit(text.charCodeAt(at - 1)) && !isDigit(text.charCodeAt(at + number.length))) return true
  return false
}

// Git's conflict markers in a note (ADR 0037): a merge stopped on it (SPEC 4.3) and the person has not
// settled it yet. Read as AsciiDoc, `=======` opens an example block that runs to the note's end,
// so every item below it would vanish from practice and its registration from state.json. The
// marker lines are read as blank lines instead, both sides' lines as written (their items are then
// declared twice: item-duplicate-id, the first counts), and the note says where the conflict is.

import { delimiterOf } from './syntax.js'

/** How a conflict's problem begins (validate reports it as `note-conflict`, an error). */
export const CONFLICT_PROBLEM = "git's conflict markers"

const OPEN = /^<{7}(?: |$)/
const BASE = /^\|{7}(?: |$)/
const SPLIT = /^={7}$/
const CLOSE = /^>{7}(?: |$)/
/** Blocks whose lines are content as written: markers shown there are an example, not a conflict. */
const VERBATIM = new Set(['listing', 'literal', 'pass', 'comment', 'fenced_code'])

export interface Conflict {
  /** 0-based index of each marker line, the opening one first and the closing one last. */
  markers: number[]
}

/**
 * The conflicts of a note's lines: a `<<<<<<<` line, then `=======` (after a `|||||||` one, in
 * git's diff3 style), then `>>>>>>>`, none of them inside a verbatim block (a note about git may
 * show markers in a listing). Lone or out-of-order markers are no conflict.
 */
export function conflictsOf(lines: readonly string[]): Conflict[] {
  const conflicts: Conflict[] = []
  let fence: string | null = null
  let open: Conflict | null = null
  let split = false
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string
    const code = line.charCodeAt(0)
    if (open !== null) {
      // Inside a conflict the markers come in order whatever its sides hold: git wrote them.
      if (code === 124 /* | */ && !split && BASE.test(line)) {
        open.markers.push(index)
        continue
      }
      if (code === 61 /* = */ && !split && SPLIT.test(line)) {
        open.markers.push(index)
        split = true
        continue
      }
      if (code === 62 /* > */ && split && CLOSE.test(line)) {
        open.markers.push(index)
        conflicts.push(open)
        open = null
        continue
      }
    } else if (fence === null && code === 60 /* < */ && OPEN.test(line)) {
      open = { markers: [index] }
      split = false
      continue
    }
    // Verbatim blocks as the walker meets them, the sides of a conflict one after the other (it
    // reads both): a block one side opens and the common text closes after the conflict stays
    // open across it, so that the markers of a later conflict are found where they are.
    if (fence !== null) {
      if (line === fence) fence = null
    } else {
      const delimiter = delimiterOf(line)
      if (delimiter !== null && VERBATIM.has(delimiter.context)) fence = delimiter.terminator
    }
  }
  return conflicts
}

/**
 * The index of a note's first line that is one of git's `<<<<<<<`, `|||||||` or `>>>>>>>` marker
 * lines outside a verbatim block, alone or not, or -1. What sync looks for in a note it would
 * send (a conflict settled by hand with a marker or diff3's older text left in); markers a note
 * about git shows in a listing are its content, as `conflictsOf` reads them.
 */
export function strayMarkerLine(lines: readonly string[]): number {
  let fence: string | null = null
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string
    if (fence !== null) {
      if (line === fence) fence = null
      continue
    }
    const code = line.charCodeAt(0)
    if ((code === 60 && OPEN.test(line)) || (code === 124 && BASE.test(line)) || (code === 62 && CLOSE.test(line)))
      return index
    const delimiter = delimiterOf(line)
    if (delimiter !== null && VERBATIM.has(delimiter.context)) fence = delimiter.terminator
  }
  return -1
}

/** The problem a conflict gives its note, at its opening line (1-based numbers). */
export function conflictProblem(conflict: Conflict): { line: number; message: string } {
  const first = (conflict.markers[0] as number) + 1
  const last = (conflict.markers.at(-1) as number) + 1
  // diff3 style (four markers): the older text between ||||||| and ======= goes too, or it stays in the note.
  const older = conflict.markers.length === 4 ? ', and the ||||||| line with the older text below it' : ''
  return {
    line: first,
    message:
      `${CONFLICT_PROBLEM} (lines ${first}-${last}): a merge stopped here, and both sides are read until it is ` +
      `settled. Keep what you mean and remove the <<<<<<< ======= >>>>>>> lines${older}`,
  }
}

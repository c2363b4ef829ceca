// Preprocessor conditionals (`ifdef::x[]` ... `endif::[]`) as the triage edits must see them.
// The scan drops directive lines and the lines of an excluded region, so the lines the model
// gives an item may open a conditional whose `endif::[]` lies after them, and a section's last
// item may sit inside a region that closes after it. Cutting or inserting there would move half
// a conditional: what follows would change meaning, or an arriving item would be hidden with the
// region (SPEC 1.3: every other byte as it was, nothing lost).

import { lineClassAt } from '../asciidoc/line-classes.js'
import type { NoteModel } from '../types.js'

// The block forms only: `ifdef::x[text]` is a single line and opens nothing; `ifeval` has no
// single-line form; `endif::x[]` closes. An escaped `\ifdef::` is text.
const BLOCK_DIRECTIVE = /^(ifdef|ifndef|ifeval|endif)::\S*?\[(.*)\]$/

/**
 * +1 for a line that opens a region, -1 for one that closes one, else 0. Only lines the scan
 * read as directives count (class `markup`): one inside a comment block is not looked at.
 */
export function conditionalStep(model: NoteModel, origin: number, text: string): -1 | 0 | 1 {
  if (origin <= 0 || !text.includes('::')) return 0
  // Trailing white space ends no line for the scan (nor for Asciidoctor): `endif::[] ` closes too.
  const match = BLOCK_DIRECTIVE.exec(text.trimEnd())
  if (!match || lineClassAt(model.lineClasses, origin - 1) !== 'markup') return 0
  if (match[1] === 'endif') return match[2] === '' ? -1 : 0
  if (match[1] === 'ifeval') return 1
  return match[2] === '' ? 1 : 0
}

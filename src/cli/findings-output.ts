import type { summarize } from '../core/findings.js'
import { findingsJson, type LineText, renderTextPieces } from '../core/report/index.js'
import type { Finding } from '../core/types.js'
import type { CommandContext, ExitCode } from './context.js'

/** SPEC 3: `{"findings": [...], "summary": {...}}` with --json, a grouped human report otherwise. Exit 1 on any error finding. */
export async function printFindings(
  ctx: CommandContext,
  title: string,
  findings: Finding[],
  summary: ReturnType<typeof summarize>,
  /** The lines findings point at (note-texts.ts `findingLines`): asked only for the human report. */
  lineText: () => Promise<LineText>,
): Promise<ExitCode> {
  if (ctx.json) {
    for (const piece of findingsJson(findings, summary)) ctx.out(piece)
  } else {
    // Written as it is made, in pieces: a report of 165,000 findings is 40 MB of text.
    const input = {
      title,
      corpus: ctx.corpusDir,
      generatedAt: ctx.today,
      findings,
      summary,
      lineText: await lineText(),
    }
    for (const piece of renderTextPieces(input)) ctx.out(piece)
  }
  return summary.errors > 0 ? 1 : 0
}

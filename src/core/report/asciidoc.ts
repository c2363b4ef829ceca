import type { Report } from './model.js'
import { summaryLine } from './model.js'

/**
 * The first line of every page `hygiene --out` writes. A file that does not start with it was not
 * written by Notekeeper (the CLI replaces it only with `--force`); one that does is no place that
 * refers to a note, only a report that quotes it (backlinks leave it out).
 */
export const OUT_MARKER = '// Written by notekeeper hygiene --out; replaced on every run.'

/**
 * The report as an AsciiDoc page (`hygiene --out`), for the person to open beside the notes.
 *
 * Everything that comes from the corpus (paths, messages, the lines' text) is escaped so that
 * it cannot become markup: each ASCII punctuation character but `, ; ! ? /` is written as a
 * decimal character reference (`*` as `&#42;`). Asciidoctor's substitutions see no markup
 * character left (its special-characters step turns `&` into `&amp;`, and the replacements
 * step turns `&amp;#42;` back into the reference `&#42;`, after the quotes, attribute and
 * macro steps had nothing to act on), and the page shows the text exactly as written. We do
 * not use `+...+` or `pass:c[]`: a `+` or `]` inside the text would end them early, which is
 * exactly what a hostile line would try.
 */
export function renderAsciiDoc(report: Report): string {
  const lines = [
    `= ${escapeAsciiDoc(report.title)}`,
    '',
    `Corpus: ${escapeAsciiDoc(report.corpus)} +`,
    `Generated: ${escapeAsciiDoc(report.generatedAt)} +`,
    `Summary: ${escapeAsciiDoc(summaryLine(report.summary))}`,
  ]
  if (report.sections.length === 0) lines.push('', 'Nothing to report.')
  for (const section of report.sections) {
    lines.push('', `== ${escapeAsciiDoc(section.rule)} (${section.severity}, ${section.count})`, '')
    for (const { finding, location, lineText } of section.entries) {
      lines.push(`* *${escapeAsciiDoc(location)}*: ${escapeAsciiDoc(finding.message)}`)
      if (lineText !== null && lineText.trim() !== '') lines.push(`+`, `line: \`${escapeAsciiDoc(lineText.trim())}\``)
    }
  }
  return `${lines.join('\n')}\n`
}

/** Text from the corpus, made inert for AsciiDoc (see above); one line, no control characters. */
export function escapeAsciiDoc(text: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ')
  let escapedUpTo = -1
  return flat.replace(MARKUP, (char, offset: number) => {
    // A `;` right after a reference would make `;;` with the reference's own `;`.
    if (char === ';' && !(flat[offset + 1] === ';' || escapedUpTo === offset)) return char
    escapedUpTo = offset + 1
    return `&#${char.charCodeAt(0)};`
  })
}

/**
 * The characters that can start markup in a line of AsciiDoc text, and only those, so that the
 * page stays readable (`2026-11-30`, `reference/http.adoc`, `(known: a, b)` are written as is):
 * quotes and passthroughs (`* _ \` # ^ ~ + $`), attribute references (`{ }`), macros, anchors
 * and xrefs (`[ ] < >`), the backslash escape, `&` (else `&#45;` in a note would show as `-`),
 * e-mail autolinks (`@`), the apostrophe replacement (`'`), and only in the contexts that make
 * them markup: `:` before `/` (URL autolinks), `::` and `;;` (a description list; a `;` after a reference too), `-` and `.` doubled (dash, ellipsis), `(` of an
 * index term or of `(C)`, `(R)`, `(TM)`, `=` of `=>`. test/report/report.test.ts renders
 * arbitrary text through Asciidoctor and checks that it comes out exactly as written.
 */
const MARKUP = /[*_`#^~+$&{}[\]<>\\@';]|:(?=[:/])|-(?=-)|\.(?=\.)|\((?=\(|C\)|R\)|TM\))|=(?=>)/g

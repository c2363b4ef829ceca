// The text of the line a finding points at, for the report's faces. Each file's line starts
// are found once, the first time a finding of that file asks, and every later finding slices
// its line from them: splitting the whole note again per finding made a note with 10,000 dead
// xrefs cost quadratic time (issue 15: 6 s for a 390 KB note).

export type LineText = (file: string, line: number) => string | null

/** Line lookup over the texts a loaded corpus holds (1-based; a final `\r` and a BOM left out). */
export function lineLookup(texts: ReadonlyMap<string, string>): LineText {
  const starts = new Map<string, Int32Array>()
  return (file, line) => {
    const text = texts.get(file)
    if (text === undefined || line < 1) return null
    let index = starts.get(file)
    if (index === undefined) {
      index = lineStarts(text)
      starts.set(file, index)
    }
    if (line > index.length) return null
    const from = index[line - 1] as number
    const last = text.endsWith('\n') ? text.length - 1 : text.length
    const next = line < index.length ? (index[line] as number) - 1 : last
    const to = next > from && text.charCodeAt(next - 1) === 13 ? next - 1 : next
    return text.slice(from, to)
  }
}

/** Where each line begins; a final newline ends the last line, it does not start an empty one. */
function lineStarts(text: string): Int32Array {
  const from = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let count = 1
  for (let at = text.indexOf('\n', from); at !== -1 && at + 1 < text.length; at = text.indexOf('\n', at + 1)) count++
  const starts = new Int32Array(count)
  starts[0] = from
  let k = 1
  for (let at = text.indexOf('\n', from); at !== -1 && at + 1 < text.length; at = text.indexOf('\n', at + 1))
    starts[k++] = at + 1
  return starts
}

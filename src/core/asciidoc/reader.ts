// A synchronous stand-in for Asciidoctor's line Reader. Lines carry their 1-based source line, so
// that blocks read from a list item's buffer still know where they were written.

export interface Entry {
  text: string
  line: number
  /** A list continuation Asciidoctor tracks as an object, not a string: `+` as read, or the
   *  empty placeholder it leaves where a continuation attached a block. */
  continuation?: 'plus' | 'placeholder'
}

export const isContinuation = (entry: Entry | null | undefined): boolean => entry?.continuation !== undefined

/** A line that compares equal to '' in Asciidoctor: a blank line, not a placeholder. */
export const isBlank = (entry: Entry): boolean => entry.continuation === undefined && entry.text === ''

/** Where the note's top-level reader takes its lines from when the preprocessor is needed. */
export interface LineSource {
  /** The next line for the parser; `raw` skips preprocessing (comment blocks). */
  pull(raw: boolean): Entry | undefined
}

export class Reader {
  private index = 0
  /** Lines are read without preprocessing (Asciidoctor's `skip_processing`, for comments). */
  private raw = false
  /** `entries` fills from `source` as lines are first looked at, as Asciidoctor's reader does. */
  constructor(
    private readonly entries: Entry[],
    private readonly source: LineSource | null = null,
  ) {}

  private at(position: number): Entry | undefined {
    const entry = this.entries[position]
    if (entry !== undefined || this.source === null) return entry
    while (this.entries.length <= position) {
      const pulled = this.source.pull(this.raw)
      if (pulled === undefined) return undefined
      this.entries.push(pulled)
    }
    return this.entries[position]
  }

  /** Runs `read` on lines taken as they are written: no directive in them is applied. */
  unprocessed<T>(read: () => T): T {
    const before = this.raw
    this.raw = true
    try {
      return read()
    } finally {
      this.raw = before
    }
  }

  hasMore(): boolean {
    return this.at(this.index) !== undefined
  }
  peek(): Entry | undefined {
    return this.at(this.index)
  }
  peekAt(offset: number): Entry | undefined {
    return this.at(this.index + offset)
  }
  read(): Entry | undefined {
    const entry = this.at(this.index)
    if (entry !== undefined) this.index++
    return entry
  }
  /** Only ever used to give back the entry just read, so moving back is exact. */
  unread(count = 1): void {
    this.index = Math.max(0, this.index - count)
  }
  /** Number of blank lines skipped, or null when nothing is left (Asciidoctor's `skipBlankLines`). */
  skipBlank(): number | null {
    if (!this.hasMore()) return null
    let skipped = 0
    for (let entry = this.peek(); entry !== undefined; entry = this.peek()) {
      if (entry.text !== '') return skipped
      this.index++
      skipped++
    }
    return null
  }
  /** Lines up to (and including, when present) the exact terminator line; `closed` says whether it came. */
  readUntilTerminator(terminator: string): { lines: Entry[]; closing: Entry | null } {
    const lines: Entry[] = []
    for (let entry = this.read(); entry !== undefined; entry = this.read()) {
      if (entry.text === terminator) return { lines, closing: entry }
      lines.push(entry)
    }
    return { lines, closing: null }
  }
  /**
   * Asciidoctor's `readLinesUntil` with break_on_blank_lines, break_on_list_continuation and
   * preserve_last_line: the breaking line stays unread. `skipped` receives comment lines dropped.
   */
  readParagraph(
    stop: (entry: Entry) => boolean,
    skipComments: boolean,
    skipped: Entry[] = [],
    keepBlank = true,
  ): Entry[] {
    const lines: Entry[] = []
    let readAny = false
    for (let entry = this.read(); entry !== undefined; entry = this.read()) {
      // Without preserve_last_line (verbatim paragraphs) Asciidoctor consumes the blank line that
      // ends the paragraph, which makes the next block "adjacent" in a list item.
      if (isBlank(entry)) {
        if (keepBlank) this.unread()
        break
      }
      if ((readAny && entry.continuation === undefined && entry.text === '+') || stop(entry)) {
        this.unread()
        break
      }
      if (skipComments && entry.text.startsWith('//') && !entry.text.startsWith('///')) {
        skipped.push(entry)
        continue
      }
      lines.push(entry)
      readAny = true
    }
    return lines
  }
}

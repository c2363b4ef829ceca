// The shared vocabulary of the core. Everything here is plain data: no I/O, no clock.
// A calendar date is always the string `YYYY-MM-DD` (see dates.ts): never a Date object,
// so that no time zone can move it by a day.

export type IsoDate = string

export const GRADES = ['again', 'hard', 'good', 'easy'] as const
export type Grade = (typeof GRADES)[number]

export const INTENTS = ['internalise', 'reference', 'track'] as const
export type Intent = (typeof INTENTS)[number]

/** One graded review, as read from one line of `internalise/.srs/log.jsonl`. */
export interface Review {
  item: string
  date: IsoDate
  grade: Grade
  /** 1-based line of the log it was read from (0 when it was never in the file). */
  line: number
}

// ---------------------------------------------------------------- findings

export type Severity = 'error' | 'warning' | 'info'

export type Rule =
  | 'note-unreadable'
  | 'note-skipped'
  | 'note-encoding'
  | 'note-conflict'
  | 'note-structure'
  | 'config-invalid'
  | 'alias-cycle'
  | 'intent-missing'
  | 'intent-mismatch'
  | 'source-missing'
  | 'date-invalid'
  | 'xref-unresolved'
  | 'xref-unverifiable'
  | 'item-missing-id'
  | 'item-duplicate-id'
  | 'alias-declared'
  | 'item-empty-response'
  | 'log-malformed'
  | 'log-future-date'
  | 'log-unknown-item'
  | 'log-void-unmatched'
  | 'leech'
  | 'state-drift'
  | 'item-without-state'
  | 'state-without-item'
  | 'dead-link'
  | 'network-unreachable'
  | 'near-duplicate'
  | 'contradiction'
  | 'review-overdue'
  | 'stale'

export interface Location {
  file: string
  line?: number
}

/**
 * One finding (SPEC 2.2). `file` is relative to the corpus root with `/`. The rule-specific
 * fields (`target`, `missing`, `item`, `other`, `similarity`, ...) sit beside the common ones,
 * exactly as they appear in `--json` output.
 */
export interface Finding {
  rule: Rule
  severity: Severity
  file: string
  line?: number
  message: string
  other?: Location
  [field: string]: unknown
}

// ---------------------------------------------------------------- the corpus model

/** A header attribute as written (`:name: value`), with the line it stands on. */
export interface HeaderAttribute {
  name: string
  value: string
  line: number
}

export interface Anchor {
  id: string
  line: number
  /** `inline` = `[[id]]` / `anchor:id[]` in text, `block` = `[[id]]` or `[#id]` on its own line,
   *  `section` = a section's explicit or auto-generated id. */
  kind: 'inline' | 'block' | 'section'
}

export interface Section {
  /** 1 for `==`, 2 for `===`, ... (0 is the document title). */
  level: number
  title: string
  /** The explicit id when one is given, else the auto-generated `_section_title`. */
  id: string
  line: number
  /** Last line that belongs to the section (before the next section of the same or a higher level, or end of file). */
  endLine: number
}

/** A practice item (SPEC 1.2). */
export interface PracticeItem {
  /** Corpus-wide id: path under `internalise/` without `.adoc`, `#`, anchor. */
  id: string
  anchor: string
  /** The term without its anchor, as AsciiDoc source. */
  prompt: string
  /** The description with its attached blocks, as AsciiDoc source. */
  response: string
  line: number
}

/** An entry of any description list (for contradiction candidates and `[qanda]` entries without an id). */
export interface DlistEntry {
  style: string | null
  term: string
  description: string
  line: number
  /** The anchor at the start of the term, when there is one. */
  anchor: string | null
}

export type ReferenceKind = 'xref' | 'link' | 'image' | 'include'

/**
 * A reference found outside verbatim blocks and comments, or an include directive anywhere but a
 * comment (the preprocessor reads it inside listing, literal and passthrough blocks too; SPEC 2.1).
 */
export interface Reference {
  kind: ReferenceKind
  /** The target as written (`other.adoc#part`, `#anchor`, `images/x.png`, `https://...`). */
  target: string
  line: number
  /** An xref written `<<target>>` rather than `xref:target[]`: without `#` it names an id, never a file. */
  shorthand?: true
  /** An include whose attributes say `opts=optional`: a missing file is dropped, no error (as Asciidoctor does). */
  optional?: true
  /**
   * An image's `:imagesdir:` where the body set it otherwise than the header above the image's
   * line (`''`: unset there); absent, the header's applies.
   */
  imagesdir?: string
}

/** A top-level list entry inside a level-1 section of a Track note (SPEC 1.3). */
export interface TrackItem {
  /** The first line of the entry. */
  line: number
  /** The last line of the entry, its nested and attached content included (blank lines after it excluded). */
  endLine: number
  /** The first line without its list marker. */
  text: string
  /** The marker as written (`*`, `-`, `.`, `* [ ]`, ...). */
  marker: string
}

export interface TrackStatus {
  /** The level-1 section's title as written. */
  status: string
  line: number
  endLine: number
  items: TrackItem[]
}

/** What the index knows about one `.adoc` file. */
export interface NoteModel {
  /** Relative to the corpus root, with `/`. */
  path: string
  /** The top folder when it is one of the three intents; null for other `.adoc` files (README, ADRs). */
  folder: Intent | null
  title: string | null
  attributes: HeaderAttribute[]
  anchors: Anchor[]
  sections: Section[]
  items: PracticeItem[]
  /** `[qanda]` entries whose term does not begin with `[[id]]` (line of the term). */
  itemsWithoutId: { line: number; term: string }[]
  dlistEntries: DlistEntry[]
  references: Reference[]
  /**
   * Level-1 sections with their top-level list entries: filled for notes under `track/` only
   * (triage, its one reader, handles no other note); empty for every other note.
   */
  track: TrackStatus[]
  /** Problems the parser met (empty for a well-formed note). */
  problems: { line: number; message: string }[]
  /**
   * What each line is (index 0 is line 1), one byte per line as the scan found it
   * (core/asciidoc/line-classes.ts): hygiene and backlinks read prose from it, not from a
   * second walk of the blocks.
   */
  lineClasses: Uint8Array
}

// ---------------------------------------------------------------- configuration (SPEC 1.8)

export type SchedulerName = 'leitner' | 'fsrs' | 'sm2' | 'passfail'

/** One `schedulers --use` (SPEC 1.8 `switches`): from `date` on, `to` schedules the new reviews. */
export interface SchedulerSwitch {
  date: IsoDate
  from: SchedulerName
  to: SchedulerName
  /**
   * The FSRS weights in force before this switch ([]: the defaults), when `fsrs optimize --write`
   * changed them (from fsrs to fsrs): the items FSRS dated before keep those dates.
   */
  fromWeights?: number[]
}

export interface Config {
  scheduler: SchedulerName
  /** Switches recorded by `schedulers --use`, so that a switch keeps every item's due date (SPEC 1.6). */
  switches: SchedulerSwitch[]
  /** Spread FSRS and SM-2 intervals of 3 days and more by item and date (SPEC 1.6). */
  fuzz: boolean
  leechThreshold: number
  fsrs: { retention: number; weights: number[] }
  /** `noteBytes`: a note larger than this is not read (SPEC 1.8); absent means DEFAULT_NOTE_BYTES. */
  limits: { newPerDay: number | null; reviewsPerDay: number | null; noteBytes?: number }
  hygiene: {
    staleDays: number
    nearDuplicate: number
    ignore: { rule: string; file: string; other?: string }[]
  }
  track: { ladder: string[]; final: string[] }
  aliases: Record<string, string>
  /** `relearn`: an item graded `again` comes back later in the same session (SPEC 1.8). */
  practice: { relearn: boolean }
}

// ---------------------------------------------------------------- state (SPEC 1.5)

/** One entry of `state.json`. Leitner's is exactly `{level, next_due, reps}`; other schedulers add their own fields. */
export interface StateEntry {
  next_due: IsoDate
  reps: number
  [field: string]: unknown
}

export type State = Record<string, StateEntry>

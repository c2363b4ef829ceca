// What the block walker collects while it reads a note, before scan.ts turns it into a NoteModel.

import type { Anchor, Reference, TrackItem } from '../types.js'
import type { LineClass } from './line-classes.js'

export type { LineClass }

export interface RawSection {
  level: number
  /** The title as written, without a trailing `[[id]]`. */
  title: string
  id: string
  line: number
  /** First line of the metadata written above the title (`[[id]]`, `[#id]`, ...), or the title's line. */
  firstLine: number
}

export interface RawDlistEntry {
  style: string | null
  term: string
  termLine: number
  description: string
  anchor: string | null
}

export interface TopLevelListItem extends TrackItem {}

export interface Sink {
  /** Indexed by line - 1. */
  classes: LineClass[]
  /** The note's lines (BOM, `\r` and trailing white space removed, as Asciidoctor reads them). */
  lines: string[]
  sections: RawSection[]
  anchors: Anchor[]
  /** Every id in the order Asciidoctor registers it (for generated-id collisions). */
  registered: Set<string>
  dlistEntries: RawDlistEntry[]
  topLevelItems: TopLevelListItem[]
  references: Reference[]
  problems: { line: number; message: string }[]
  /** The document attributes as parsing goes (defaults, then header and body entries): for
   *  preprocessor conditionals and `{name}` references in attribute values and section titles. */
  attributes: Map<string, string>
  /** Every attribute entry applied, in reading order (null: unset), so that a reference found
   *  after the walk is substituted with the attributes defined above its line. */
  attributeLog: { line: number; name: string; value: string | null }[]
  /** How many nested walkers are open (blocks.ts bounds it), and whether the bound was met. */
  depth: number
  tooDeep: boolean
  /** Lines the preprocessor removed (directives, excluded regions): they do not exist for the parser. */
  hidden: Set<number>
}

export function registerAnchor(sink: Sink, id: string, line: number, kind: Anchor['kind']): void {
  sink.anchors.push({ id, line, kind })
  sink.registered.add(id)
}

export function classify(sink: Sink, line: number, cls: LineClass): void {
  if (line >= 1 && line <= sink.classes.length) sink.classes[line - 1] = cls
}

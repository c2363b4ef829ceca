// The triage verbs (SPEC 1.3) as pure text edits: each takes a Track note's text and the model
// scanned from that very text, and gives back the new text or a refusal with a message that
// names the file and line. Nothing here reads or writes files; see app/triage-edit.ts.

import { DEFAULT_CONFIG } from '../config.js'
import type { Config, NoteModel, TrackItem, TrackStatus } from '../types.js'
import { conditionalStep } from './conditionals.js'
import { canonicalTitle, findStatus, firstLowerSection, standingOf } from './ladder.js'
import { joinText, newLine, type SplitText, splitText, type TextLine } from './lines.js'
import { arriveInNewSection, arriveInSection, layoutOf } from './place.js'

export type EditResult =
  | {
      ok: true
      text: string
      message: string /** Where the item now starts (its old line after a prune). */
      line: number
    }
  | { ok: false; message: string }

export interface LocatedItem {
  status: TrackStatus
  item: TrackItem
}

/** The tracked item whose first line is `line`, if any. */
export function itemAt(model: NoteModel, line: number): LocatedItem | undefined {
  for (const status of model.track) {
    const item = status.items.find(candidate => candidate.line === line)
    if (item) return { status, item }
  }
  return undefined
}

const refuse = (model: NoteModel, line: number | null, message: string): EditResult => ({
  ok: false,
  message: `${model.path}${line === null ? '' : `:${line}`}: ${message}`,
})
const quote = (text: string): string => JSON.stringify(text)

function locate(model: NoteModel, line: number): LocatedItem | EditResult {
  const found = itemAt(model, line)
  if (found) return found
  for (const status of model.track) {
    const inside = status.items.find(item => item.line < line && line <= item.endLine)
    if (inside)
      return refuse(
        model,
        line,
        `line ${line} is inside the item that starts on line ${inside.line} (${quote(inside.text)}); give its first line`,
      )
  }
  return refuse(model, line, `no tracked item starts on line ${line}`)
}

const isRefusal = (value: LocatedItem | EditResult): value is EditResult => 'ok' in value

/**
 * The lines an item leaves with: its own and, when it opens a conditional (`ifdef::x[]` under
 * it), up to that region's `endif::[]`, which the scan does not count as the item's. Cutting at
 * the item's last line would move the opening directive and leave its `endif::[]` behind, and
 * everything between them would change meaning. An item inside a region that closes within it,
 * or whose region runs out of its section, cannot be cut out whole: refused.
 */
function extentOf(split: SplitText, model: NoteModel, found: LocatedItem): { endLine: number } | EditResult {
  const { item, status } = found
  const step = (origin: number): number => conditionalStep(model, origin, split.lines[origin - 1]?.text ?? '')
  const crosses = (origin: number): EditResult =>
    refuse(
      model,
      item.line,
      `${quote(item.text)} and the conditional directive on line ${origin} overlap (the item is not wholly inside or outside it); edit the note by hand`,
    )
  let depth = 0
  // The directive that opened the outermost region still open: the one a refusal names.
  let opened = 0
  for (let origin = item.line; origin <= item.endLine; origin++) {
    const change = step(origin)
    if (depth === 0 && change > 0) opened = origin
    depth += change
    if (depth < 0) return crosses(origin)
  }
  let endLine = item.endLine
  while (depth > 0) {
    endLine++
    if (endLine > status.endLine) return crosses(opened)
    depth += step(endLine)
  }
  return { endLine }
}

export function promote(text: string, model: NoteModel, line: number, config: Config): EditResult {
  return climb(text, model, line, config, -1)
}

export function demote(text: string, model: NoteModel, line: number, config: Config): EditResult {
  return climb(text, model, line, config, +1)
}

function climb(text: string, model: NoteModel, line: number, config: Config, step: -1 | 1): EditResult {
  const found = locate(model, line)
  if (isRefusal(found)) return found
  const verb = step < 0 ? 'promote' : 'demote'
  const { ladder } = config.track
  const standing = standingOf(found.status.status, config)
  const what = `${quote(found.item.text)} is in ${found.status.status}`
  if (standing.kind === 'final')
    return refuse(
      model,
      line,
      `${what}, a final status; only move takes an item out of it, ${verb} climbs the ladder (${ladder.join(' > ')})`,
    )
  if (standing.kind === 'unranked')
    return refuse(model, line, `${what}, which is not on the ladder (${ladder.join(' > ')}); use move`)
  const target = ladder[standing.index + step]
  if (target === undefined) {
    const end = step < 0 ? 'top' : 'bottom'
    return refuse(
      model,
      line,
      `${what}, the ${end} rung of the ladder (${ladder.join(' > ')}); nothing to ${verb} it to`,
    )
  }
  return relocate(text, model, config, found, target, step < 0 ? 'promoted' : 'demoted')
}

export function move(text: string, model: NoteModel, line: number, config: Config, status: string): EditResult {
  const found = locate(model, line)
  if (isRefusal(found)) return found
  const problem = statusProblem(status)
  if (problem) return refuse(model, line, problem)
  return relocate(text, model, config, found, status, 'moved')
}

export function prune(text: string, model: NoteModel, line: number, _config: Config = DEFAULT_CONFIG): EditResult {
  const found = locate(model, line)
  if (isRefusal(found)) return found
  const split = splitText(text)
  const { item } = found
  const extent = extentOf(split, model, found)
  if ('ok' in extent) return extent
  const { endLine } = extent
  const rest = split.lines.filter(l => l.origin < item.line || l.origin > endLine)
  const span = endLine > item.line ? `lines ${item.line}-${endLine}` : `line ${item.line}`
  return {
    ok: true,
    text: joinText(rest, split),
    line,
    message: `${model.path}:${line}: pruned ${quote(item.text)} from ${found.status.status} (${span})`,
  }
}

export function add(
  text: string,
  model: NoteModel,
  status: string,
  itemText: string,
  config: Config = DEFAULT_CONFIG,
): EditResult {
  const problem = statusProblem(status)
  if (problem) return refuse(model, null, problem)
  if (/[\r\n]/.test(itemText)) return refuse(model, null, `the text of a new item must be a single line`)
  const entry = itemText.trim()
  if (entry === '') return refuse(model, null, `the text of a new item is empty`)
  const split = splitText(text)
  const target = findStatus(model, status)
  const last = target?.items.reduce<TrackItem | undefined>((a, b) => (a && a.line > b.line ? a : b), undefined)
  const done = target !== undefined && standingOf(target.status, config).kind === 'final'
  // An empty or new section follows the note's other items (a checklist stays a checklist):
  // the nearest before where the section is or will be created (SPEC 1.3), not the note's last.
  const neighbour = last ?? neighbourItem(model, target ?? firstLowerSection(model, status, config))
  const prefix = neighbour
    ? markerPrefix(split.lines[neighbour.line - 1]?.text ?? '', neighbour, done && neighbour === last)
    : '* '
  const item = { lines: [newLine(prefix + entry, split.eol)], marker: neighbour?.marker ?? '*' }
  const arrival = target
    ? arriveInSection(split.lines, split, model, layoutOf(split, model), target, target.items, item)
    : arriveInNewSection(
        split.lines,
        split,
        layoutOf(split, model),
        canonicalTitle(status, config),
        firstLowerSection(model, status, config),
        item,
      )
  const where = target ? target.status : `new section ${arrival.created ?? status}`
  return {
    ok: true,
    text: joinText(arrival.lines, split),
    line: arrival.line,
    message: `${model.path}:${arrival.line}: added ${quote(entry)} to ${where}`,
  }
}

/**
 * The item nearest before the section `target` (a new section's: the one it is created before;
 * none when created at the end, whose nearest item is the note's last); else the first after.
 */
function neighbourItem(model: NoteModel, target: TrackStatus | undefined): TrackItem | undefined {
  const items = model.track.flatMap(section => section.items)
  const before = target ? items.filter(item => item.line < target.line) : items
  return before.reduce<TrackItem | undefined>((a, b) => (a && a.line > b.line ? a : b), undefined) ?? items[0]
}

/**
 * The new item copies the last item's marker as written (indent, marker, checkbox). A checkbox
 * starts unchecked, except in a final status whose last item is checked (a Done checklist); an
 * explicitly numbered list gets the next number.
 */
function markerPrefix(raw: string, last: TrackItem, keepChecked: boolean): string {
  let prefix =
    last.text !== '' && raw.endsWith(last.text) ? raw.slice(0, raw.length - last.text.length) : `${last.marker} `
  if (!/[ \t]$/.test(prefix)) prefix += ' '
  if (!keepChecked) prefix = prefix.replace(/\[[xX*]\]([ \t]+)$/, '[ ]$1')
  return prefix.replace(/^([ \t]*)(\d+)\./, (_, indent: string, n: string) => `${indent}${Number(n) + 1}.`)
}

function statusProblem(status: string): string | null {
  if (/[\r\n]/.test(status)) return 'a status must be a single line'
  if (status.trim() === '') return 'the status is empty'
  return null
}

function relocate(
  text: string,
  model: NoteModel,
  config: Config,
  found: LocatedItem,
  status: string,
  verb: string,
): EditResult {
  const { item } = found
  const from = found.status.status
  const target = findStatus(model, status)
  const line = item.line
  if (target === found.status && target.items.every(other => other.line <= item.line)) {
    return {
      ok: true,
      text,
      line,
      message: `${model.path}:${line}: ${quote(item.text)} is already the last item of ${from}; nothing changed`,
    }
  }
  const split = splitText(text)
  const extent = extentOf(split, model, found)
  if ('ok' in extent) return extent
  const inRange = (l: TextLine): boolean => l.origin >= item.line && l.origin <= extent.endLine
  const lines = split.lines.filter(inRange)
  const rest = split.lines.filter(l => !inRange(l))
  const layout = layoutOf(split, model)
  const moving = { lines, marker: item.marker }
  const arrival = target
    ? arriveInSection(
        rest,
        split,
        model,
        layout,
        target,
        target.items.filter(other => other.line !== item.line),
        moving,
      )
    : arriveInNewSection(
        rest,
        split,
        layout,
        canonicalTitle(status, config),
        firstLowerSection(model, status, config),
        moving,
      )
  const to = target ? target.status : canonicalTitle(status, config)
  const created = arrival.created === null ? '' : ` (new section "${arrival.created}")`
  // Within its own section the item only goes to the end ("from Next to Next" said nothing); a
  // note with two sections of one status names each by the line of its title.
  const where =
    target === found.status
      ? `to the end of ${to}`
      : from.toLowerCase() === to.toLowerCase() && target
        ? `from ${from} (line ${found.status.line}) to ${to} (line ${target.line})`
        : `from ${from} to ${to}${created}`
  const message = `${model.path}:${line}: ${verb} ${quote(item.text)} ${where}; it now starts on line ${arrival.line}`
  return { ok: true, text: joinText(arrival.lines, split), line: arrival.line, message }
}

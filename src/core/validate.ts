import { type Aliases, canonicalId, hasAliases, isRenamedAway } from './aliases.js'
import { CONFLICT_PROBLEM } from './asciidoc/conflict-markers.js'
import { aliasCycleFinding } from './config.js'
import { CONFIG_PATH, type Corpus, LOG_PATH, notePathOfItem, STATE_PATH, unreadNotes } from './corpus.js'
import { isIsoDate } from './dates.js'
import { type DeclaredItem, declaredItems } from './items.js'
import { buildTargetIndex, resolveReference } from './links/resolve.js'
import { movedItems } from './moved-items.js'
import { derived, derivedState } from './snapshot.js'
import { entriesEqual } from './state.js'
import type { Finding, IsoDate, NoteModel, Reference, Review, State, StateEntry } from './types.js'

export interface ValidateResult {
  /** Unsorted; the caller orders them (findings.ts). */
  findings: Finding[]
  /** The state a replay gives: what validate writes when it differs from the file. */
  state: State
}

/** One finding per note for its Antora resource ids (SPEC 2.2): a count, never one per reference. */
function unverifiableFinding(file: string, first: Reference, count: number): Finding {
  const others = count > 1 ? ` and ${count - 1} more` : ''
  return {
    rule: 'xref-unverifiable',
    severity: 'info',
    file,
    line: first.line,
    message: `${first.kind} ${first.target}${others}: Antora resource ids, which only the site generator can resolve; not checked`,
    target: first.target,
    count,
  }
}

const DATE_ATTRIBUTES = ['updated', 'review_by', 'created'] as const

/** SPEC 2, Validate: every rule from `note-unreadable` to `state-without-item`. Pure. */
export function validate(corpus: Corpus, today: IsoDate): ValidateResult {
  const findings: Finding[] = [...corpus.unreadable, ...corpus.log.findings]
  const facts = derived(corpus, today)
  const declared = facts.declared
  for (const cycle of corpus.aliasCycles ?? [])
    findings.push(aliasCycleFinding(cycle, corpus.config.aliases, id => declared.has(id)))
  const targets = buildTargetIndex(corpus.files, corpus.notes, corpus.notRead)
  let movedTo: ((id: string) => string | null) | undefined
  const isUnread = unreadNotes(corpus)
  for (const note of corpus.notes) {
    if (note.folder === null) continue
    // One by one, not `push(...)`: a note of 200,000 items has as many findings, past the stack's limit for arguments.
    const aliases = corpus.config.aliases
    for (const found of [headerFindings(note), itemFindings(note, aliases), structureFindings(note)])
      for (const finding of found) findings.push(finding)
    const unverifiable: Reference[] = []
    for (const reference of note.references) {
      const resolved = resolveReference(note, reference, targets)
      if ('unverifiable' in resolved) unverifiable.push(reference)
      if (reference.kind !== 'xref') continue
      if ('ok' in resolved && !resolved.ok) {
        const hint = resolved.hint === undefined ? '' : ` (${resolved.hint})`
        findings.push({
          rule: 'xref-unresolved',
          severity: 'error',
          file: note.path,
          line: reference.line,
          message:
            resolved.notRead === undefined
              ? `xref to ${reference.target}: the ${resolved.missing} does not exist${hint}`
              : `xref to ${reference.target}: ${resolved.file} is not read: ${resolved.notRead}`,
          target: reference.target,
          missing: resolved.missing,
        })
      }
    }
    const first = unverifiable[0]
    if (first !== undefined) findings.push(unverifiableFinding(note.path, first, unverifiable.length))
  }
  // Item by item, as the log groups them after the one alias resolution (aliases.ts: a chain
  // a→b→c counts a's reviews for c, as replay does): a million reviews are never a million
  // objects at once. The findings are sorted by line afterwards (check-corpus.ts).
  for (const id of corpus.log.items()) {
    const known = declared.has(id)
    // A declared item whose latest review is not after today has nothing to say: its history is
    // not built (a million review objects at a million reviews, most of validate's time).
    if (known && corpus.log.lastDateOf !== undefined && (corpus.log.lastDateOf(id) ?? today) <= today) continue
    // A note there but unread this time (note-unreadable says why) keeps its items' reviews and
    // entries (SPEC 1.5): no review of it is unknown, and no alias is to be added for it.
    const unknown = !known && !isUnread?.(notePathOfItem(id))
    // Only the reviews after today, unless every review gives a finding: a clock behind by half a
    // year made every item's whole history objects (a million at a million reviews) for the few
    // at its end.
    const history =
      !unknown && corpus.log.reviewsAfter !== undefined ? corpus.log.reviewsAfter(id, today) : corpus.log.historyOf(id)
    // In replay order (by date): the future-dated ones are at the end.
    for (let i = history.length - 1; i >= 0; i--) {
      const review = history[i] as Review
      if (review.date <= today) break
      findings.push({
        rule: 'log-future-date',
        severity: 'warning',
        file: LOG_PATH,
        line: review.line,
        message: oneString(
          'review of ',
          review.item,
          ' is dated ',
          review.date,
          ', after today (',
          today,
          '); it counts',
        ),
        item: review.item,
      })
    }
    if (unknown)
      for (const review of history) {
        // Every declaration, those an alias renames away too: the advice may be to undo that alias.
        movedTo ??= movedItems(declaredItems(corpus.notes).keys())
        findings.push(unknownItemFinding(review, id, movedTo, corpus.config.aliases))
      }
  }
  for (const [id, { item, file }] of declared) {
    const failures = facts.items.get(id)?.failures ?? 0
    if (failures >= corpus.config.leechThreshold) {
      findings.push({
        rule: 'leech',
        severity: 'warning',
        file,
        line: item.line,
        message: oneString(
          id,
          ' was failed on ',
          String(failures),
          ' days: rewrite the prompt rather than drill it again',
        ),
        item: id,
        failures,
      })
    }
  }
  const state = derivedState(corpus, today)
  for (const finding of stateFindings(corpus, state, declared)) findings.push(finding)
  return { findings, state }
}

/**
 * The parts as one string, as a template literal reads: for the messages of rules that can give
 * a finding per item or per review (17,000 leeches, 165,000 future dates). A template makes a
 * tree of its pieces (about twice the bytes of the text, held as long as the finding), and the
 * report's first look at the text copies it into one string anyway.
 */
function oneString(...parts: string[]): string {
  return parts.join('')
}

/**
 * A review of an undeclared id: `review.item` as written, counted for `id` after the aliases.
 * When that id's anchor now stands in exactly one other note, the item was probably moved or its
 * note renamed: the finding names the alias that would carry its history over (SPEC 1.8
 * `aliases`), without writing it, and says exactly what to change in config.json.
 */
function unknownItemFinding(
  review: Review,
  id: string,
  movedTo: (id: string) => string | null,
  aliases: Aliases,
): Finding {
  const counted = id === review.item ? '' : `, counted for ${id} through "aliases" in ${CONFIG_PATH},`
  const finding: Finding = {
    rule: 'log-unknown-item',
    severity: 'warning',
    file: LOG_PATH,
    line: review.line,
    message: `review of ${review.item}${counted} which no note declares; kept in the log, left out of the state`,
    item: review.item,
  }
  const alias = movedTo(id)
  if (alias !== null) {
    finding['alias'] = alias
    finding.message += `; its anchor now stands in ${alias}: ${aliasAdvice(id, alias, aliases)}`
  }
  return finding
}

/**
 * What to change in config.json so that the reviews counted for `id` count for `target`. The
 * advice used to be `add "aliases": {…}`, which beside an existing `"aliases"` key makes a
 * second one (JSON keeps only the last: every other alias lost), and which could close a cycle.
 */
function aliasAdvice(id: string, target: string, aliases: Aliases): string {
  const entry = `${JSON.stringify(id)}: ${JSON.stringify(target)}`
  // A counted-for id with an alias of its own stands on a cycle (canonicalId stops there).
  if (Object.hasOwn(aliases, id))
    return `its alias in ${CONFIG_PATH} is on a cycle of aliases and so ignored: remove the alias the alias-cycle finding names`
  // The target itself sent on to `id`: the new alias would make a cycle, which renames nothing.
  if (Object.hasOwn(aliases, target) && canonicalId(target, aliases) === id)
    return `"aliases" in ${CONFIG_PATH} sends ${JSON.stringify(target)}, which a note declares, on to ${JSON.stringify(id)}: remove that alias, ${JSON.stringify(target)}: ${JSON.stringify(aliases[target])}, and add ${entry}, to keep the history of both`
  return `to keep its history, add ${entry} to the "aliases" object in ${CONFIG_PATH} (write "aliases": {${entry}} if it has none)`
}

function headerFindings(note: NoteModel): Finding[] {
  const findings: Finding[] = []
  const attribute = (name: string) => note.attributes.find(a => a.name === name)
  const headerLine = note.attributes[0]?.line ?? 1
  const intent = attribute('intent')
  if (!intent) {
    findings.push({
      rule: 'intent-missing',
      severity: 'error',
      file: note.path,
      line: 1,
      message: `no :intent: in the header (expected ${note.folder})`,
    })
  } else if (intent.value.trim().toLowerCase() !== note.folder) {
    findings.push({
      rule: 'intent-mismatch',
      severity: 'error',
      file: note.path,
      line: intent.line,
      message: `:intent: ${intent.value.trim()} but the note is under ${note.folder}/`,
      intent: intent.value.trim(),
      folder: note.folder,
    })
  }
  const source = attribute('source')
  if (note.folder === 'reference' && !source?.value.trim()) {
    findings.push({
      rule: 'source-missing',
      severity: 'error',
      file: note.path,
      // An empty `:source:` is where to write it; else the header's attributes, where it goes.
      line: source?.line ?? headerLine,
      message: 'a Reference note needs :source: (where its content comes from)',
    })
  }
  for (const name of DATE_ATTRIBUTES) {
    const found = attribute(name)
    if (found && !isIsoDate(found.value.trim())) {
      findings.push({
        rule: 'date-invalid',
        severity: 'error',
        file: note.path,
        line: found.line,
        message: `:${name}: ${found.value.trim()} is not a calendar date (YYYY-MM-DD)`,
        attribute: name,
      })
    }
  }
  return findings
}

/**
 * What the scan met that changes how the rest of the note reads: git's conflict markers (an
 * error: both sides are read, each item twice, until the person settles it) and blocks left open
 * (a warning: an unterminated listing or example block runs to the note's end, and the items
 * and links in it are not read as such; Asciidoctor warns of it too), and so do preprocessor
 * conditionals never closed (a region one excludes runs to the note's end).
 */
function structureFindings(note: NoteModel): Finding[] {
  return note.problems.map(problem =>
    problem.message.startsWith(CONFLICT_PROBLEM)
      ? { rule: 'note-conflict', severity: 'error', file: note.path, line: problem.line, message: problem.message }
      : { rule: 'note-structure', severity: 'warning', file: note.path, line: problem.line, message: problem.message },
  )
}

function itemFindings(note: NoteModel, aliases: Aliases): Finding[] {
  if (note.folder !== 'internalise') return []
  const findings: Finding[] = note.itemsWithoutId.map(entry => ({
    rule: 'item-missing-id' as const,
    severity: 'error' as const,
    file: note.path,
    line: entry.line,
    message: `[qanda] entry without an [[id]]: the log needs a stable id to refer to it`,
  }))
  const first = new Map<string, number>()
  for (const item of note.items) {
    const seen = first.get(item.id)
    if (seen === undefined) {
      first.set(item.id, item.line)
      continue
    }
    findings.push({
      rule: 'item-duplicate-id',
      severity: 'error',
      file: note.path,
      line: item.line,
      message: `item id ${item.id} is already declared on line ${seen}; the first one counts`,
      item: item.id,
      other: { file: note.path, line: seen },
    })
  }
  // Without aliases no id is renamed away: 30,000 look-ups saved.
  for (const item of hasAliases(aliases) ? note.items : []) {
    if (!isRenamedAway(item.id, aliases)) continue
    // The alias says this id's reviews are another item's: this declaration can have none.
    const renamed = canonicalId(item.id, aliases)
    findings.push({
      rule: 'alias-declared',
      severity: 'error',
      file: note.path,
      line: item.line,
      message:
        `item id ${item.id} is declared here, but config.json's aliases rename it to ${renamed}: every review ` +
        `under ${item.id} counts for ${renamed}, so this item is never practised. Give it another id, or, if ` +
        `the rename was undone, remove the alias (its reviews then count for ${item.id} again)`,
      item: item.id,
      alias: renamed,
    })
  }
  return findings
}

function stateFindings(corpus: Corpus, state: State, declared: ReadonlyMap<string, DeclaredItem>): Finding[] {
  const findings: Finding[] = []
  if (corpus.stateError !== null) {
    findings.push({
      rule: 'state-drift',
      severity: 'warning',
      file: STATE_PATH,
      ...(corpus.stateErrorLine ? { line: corpus.stateErrorLine } : {}),
      message: `state.json could not be read (${corpus.stateError}); regenerated from the log`,
      item: null,
    })
    return findings
  }
  const previous = corpus.state ?? {}
  // Damaged entries are not in `previous` (parseState left them out); each is named on its line.
  const damaged = new Map((corpus.stateInvalid ?? []).map(damage => [damage.id, damage]))
  // `for…in` over own keys, not Object.entries: no pair array for each of 30,000 entries.
  for (const id in state) {
    if (!Object.hasOwn(state, id)) continue
    const entry = state[id] as StateEntry
    const before = previous[id]
    const where = declared.get(id)
    const damage = before === undefined ? damaged.get(id) : undefined
    if (damage !== undefined) {
      findings.push({
        rule: 'state-drift',
        severity: 'warning',
        file: STATE_PATH,
        line: damage.line,
        message: `state entry of ${id} is damaged (${damage.problem}); regenerated`,
        item: id,
      })
    } else if (before === undefined) {
      findings.push({
        rule: 'item-without-state',
        severity: 'info',
        file: where?.file ?? STATE_PATH,
        line: where?.item.line,
        message: `${id} has no state entry yet; registered, due ${entry.next_due}`,
        item: id,
      })
    } else if (!entriesEqual(before, entry)) {
      findings.push({
        rule: 'state-drift',
        severity: 'warning',
        file: STATE_PATH,
        message: `state of ${id} differs from a replay of the log (${JSON.stringify(before)} vs ${JSON.stringify(entry)}); regenerated`,
        item: id,
      })
    }
  }
  for (const id in previous) {
    if (Object.hasOwn(previous, id) && !(id in state))
      findings.push({
        rule: 'state-without-item',
        severity: 'info',
        file: STATE_PATH,
        message: `state entry ${id} has no item in any note; dropped`,
        item: id,
      })
  }
  for (const damage of damaged.values()) {
    if (!Object.hasOwn(state, damage.id))
      findings.push({
        rule: 'state-without-item',
        severity: 'info',
        file: STATE_PATH,
        line: damage.line,
        message: `state entry ${damage.id} has no item in any note, and is damaged (${damage.problem}); dropped`,
        item: damage.id,
      })
  }
  return findings.map(f => (f.line === undefined ? withoutUndefinedLine(f) : f))
}

function withoutUndefinedLine(finding: Finding): Finding {
  const { line: _line, ...rest } = finding
  return rest as Finding
}

// What Asciidoctor 4.1 makes of a note, reduced to the facts the scanner must agree on. Used by
// the differential test only (the index never loads Asciidoctor: it is ~20x slower than the scan).

import { ConverterFactory, Html5Converter, load, MemoryLogger, Severity } from '@asciidoctor/core'

/* The library's generated types say `any` for nodes; this is the small surface used here. */
interface Node {
  getLineNumber?: () => number | undefined
  getParent?: () => Node | undefined
  getContext?: () => string
  getNodeName?: () => string
  getLevel?: () => number
  getId?: () => string | undefined
  getStyle?: () => string | undefined
  getItems?: () => unknown
  getAttribute?: (name: string) => unknown
  getAttributes?: () => Record<string, unknown>
  rawTitle?: string
  type?: string
  target?: string
  attributes?: Record<string, unknown>
  /** A verbatim block's content lines. */
  lines?: string[]
}

export interface AsciidoctorView {
  title: string | null
  /** Header attributes set by the note itself (built-ins and derived author/revision ones left out). */
  attributes: Record<string, string>
  /** Every attribute Asciidoctor holds once the header is read, built-ins included. */
  allAttributes: Record<string, string>
  /** id -> line of the node Asciidoctor registered it on (the block's line for block and inline anchors). */
  refs: Map<string, { line: number | undefined; node: string }>
  sections: { level: number; title: string; id: string; line: number }[]
  dlistEntries: { style: string | null; termLine: number; anchor: string | null }[]
  /** Lines of the items of lists that are direct children of a section inside a level-1 section. */
  trackedItemLines: number[]
  /** Targets of xrefs (as `refid`), links, images, in conversion order. */
  xrefs: string[]
  links: string[]
  images: string[]
  includes: string[]
  warnings: string[]
}

const DERIVED = new Set([
  'doctitle',
  'authorcount',
  'author',
  'authors',
  'firstname',
  'middlename',
  'lastname',
  'authorinitials',
  'email',
  'revnumber',
  'revdate',
  'revremark',
  'compat-mode',
  // the clock, read at load time
  'localdate',
  'localtime',
  'localdatetime',
  'localyear',
  'docdate',
  'doctime',
  'docdatetime',
  'docyear',
])

function lineOf(node: Node | undefined): number | undefined {
  for (let current = node; current; current = current.getParent?.()) {
    const line = current.getLineNumber?.()
    if (line !== undefined) return line
  }
  return undefined
}

interface Recorded {
  xrefs: string[]
  links: string[]
  images: string[]
  includes: string[]
}
let recording: Recorded | null = null

class Recorder extends Html5Converter {
  override async convert_inline_anchor(node: Node): Promise<string> {
    if (recording && node.type === 'xref') recording.xrefs.push(String(node.attributes?.['refid'] ?? ''))
    if (recording && node.type === 'link') {
      const role = String(node.attributes?.['role'] ?? '')
      if (role.includes('include')) recording.includes.push(String(node.target))
      else recording.links.push(String(node.target))
    }
    return super.convert_inline_anchor(node)
  }
  override async convert_inline_image(node: Node): Promise<string> {
    if (recording && node.type !== 'icon') recording.images.push(String(node.target))
    return super.convert_inline_image(node)
  }
  override async convert_image(node: Node): Promise<string> {
    recording?.images.push(String(node.getAttribute?.('target')))
    return super.convert_image(node)
  }
}
ConverterFactory.register(new Recorder('html5'), 'notekeeper-recorder')

const baseline = (async () => (await load('', { safe: 'secure', attributes: { docname: 'note' } })).getAttributes())()

/**
 * getRefs() keeps the first of two equal ids; the second is only in Asciidoctor's warning
 * `id assigned to anchor already in use: <id>`. A term written with such an id still has it.
 */
function duplicateAnchor(term: Node, logger: { getMessages(): unknown }): string | undefined {
  const raw = String((term as unknown as { _text?: string })._text ?? '')
  const duplicates = (logger.getMessages() as { getText(): string }[]).map(
    message => /^id assigned to anchor already in use: (.+)$/.exec(message.getText())?.[1],
  )
  return duplicates.find(id => id !== undefined && raw.startsWith(`[[${id}]]`))
}

/** Loads the text as the index would, converts it with a recording converter, and reports. */
export async function asciidoctorView(text: string, docname: string): Promise<AsciidoctorView> {
  const logger = MemoryLogger.create()
  logger.level = Severity.WARN
  const options = { safe: 'secure', sourcemap: true, logger, attributes: { docname } }
  const headerOnly = await load(text, { ...options, parse_header_only: true })
  const base = await baseline
  const attributes: Record<string, string> = {}
  const allAttributes: Record<string, string> = {}
  for (const [name, value] of Object.entries(headerOnly.getAttributes() as Record<string, unknown>))
    allAttributes[name] = String(value)
  for (const [name, value] of Object.entries(headerOnly.getAttributes() as Record<string, unknown>)) {
    if (!DERIVED.has(name) && name !== 'docname' && base[name] !== value) attributes[name] = String(value)
  }

  // List items, titles and table cells are converted during load already, so record from here.
  const recorded: Recorded = { xrefs: [], links: [], images: [], includes: [] }
  recording = recorded
  const doc = await load(text, { ...options, backend: 'notekeeper-recorder' })
  // An include directive inside a listing, literal or passthrough block is the preprocessor's
  // too: in secure mode it becomes a `link:target[role=include]` line of the block's verbatim
  // content, which no converter turns into a link.
  for (const context of ['listing', 'literal', 'pass'])
    for (const block of doc.findBy({ context }) as Node[])
      for (const line of block.lines ?? []) {
        const include = /^link:(.+?)\[role=include(?:,.*)?\]$/.exec(line)
        if (include?.[1] !== undefined) recorded.includes.push(include[1])
      }
  const refs = new Map<string, { line: number | undefined; node: string }>()
  for (const [id, node] of Object.entries(doc.getRefs() as Record<string, Node>)) {
    refs.set(id, { line: lineOf(node), node: node.getNodeName?.() ?? node.getContext?.() ?? 'unknown' })
  }
  const header = doc.getHeader() as Node | undefined
  const sections = (doc.findBy({ context: 'section' }) as Node[])
    .filter(section => section !== header)
    .map(section => ({
      level: section.getLevel?.() ?? -1,
      title: section.rawTitle ?? '',
      id: section.getId?.() ?? '',
      line: section.getLineNumber?.() ?? -1,
    }))
  // A term's anchor is the inline anchor Asciidoctor registered with that term as its parent.
  const anchorOfTerm = new Map<Node, string>()
  for (const [id, node] of Object.entries(doc.getRefs() as Record<string, Node>)) {
    const parent = node.getNodeName?.() === 'inline_anchor' ? node.getParent?.() : undefined
    if (parent && !anchorOfTerm.has(parent)) anchorOfTerm.set(parent, id)
  }
  const dlistEntries: AsciidoctorView['dlistEntries'] = []
  for (const list of doc.findBy({ context: 'dlist' }) as Node[]) {
    const items = list.getItems?.() as [Node[], Node | null][]
    for (const [terms] of items) {
      for (const term of terms) {
        const anchor = anchorOfTerm.get(term) ?? duplicateAnchor(term, logger) ?? null
        dlistEntries.push({ style: list.getStyle?.() ?? null, termLine: term.getLineNumber?.() ?? -1, anchor })
      }
    }
  }
  const trackedItemLines: number[] = []
  for (const context of ['ulist', 'olist']) {
    for (const list of doc.findBy({ context }) as Node[]) {
      const parent = list.getParent?.()
      if (parent?.getContext?.() !== 'section') continue
      let level1: Node | undefined = parent
      while (level1 && level1.getContext?.() === 'section' && (level1.getLevel?.() ?? 0) > 1)
        level1 = level1.getParent?.()
      if (level1?.getContext?.() !== 'section' || level1.getLevel?.() !== 1) continue
      for (const item of (list as unknown as { getItems(): Node[] }).getItems())
        trackedItemLines.push(item.getLineNumber?.() ?? -1)
    }
  }
  await doc.convert()
  recording = null
  const warnings = (logger.getMessages() as { getText(): string }[]).map(message => message.getText())
  return {
    title: header?.rawTitle ?? null,
    attributes,
    allAttributes,
    refs,
    sections,
    dlistEntries,
    trackedItemLines,
    ...recorded,
    warnings,
  }
}

// The terminal card and the answer check against Asciidoctor 4.1 itself: each fragment below is
// rendered as the review window renders it (renderAsciidocInto, into a jsdom document), and the
// words a learner reads there must be the card's words (renderTerminal, without colour) and the
// answer check's (readerWords), in order.
//
// What the window shows, read as text: its text content, with these readings of what is no text
// there, each the card's choice for a terminal:
//   - an image (and an icon) is its alt text in brackets, `[alt]`: the window shows the picture;
//   - an admonition's label is "Note:" (the window shows "Note" in a cell of its own, or an icon);
//   - a footnote's entry below the fragment is `[1] text` (the window writes `1. text`).
// And what the card adds to lay text out, left out of its words: list bullets, a table's `|`
// between cells (a nested table's `!`) and its `---+---` rule under the header. A table row reads
// line by line across its cells, as the eye reads the window's and the card lays it out (a cell
// of a list or a nested table being several lines); the answer check reads the cells in order.
// The answer check reads the words, not what Asciidoctor writes itself: no admonition label, no
// "Table 1." caption, no footnote numbers, and no image (the learner sees a picture).

import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { renderTerminal } from '../../src/cli/terminal-card.js'
import { readerWords } from '../../src/core/answer/words.js'
import { NAMED_REFERENCES } from '../../src/core/asciidoc/character-references.js'
import { renderAsciidocInto } from '../../src/plugin/review-window/render-asciidoc.js'

type Reading = 'card' | 'answer'

const BLOCKS = new Set([
  'div',
  'p',
  'td',
  'th',
  'tr',
  'li',
  'pre',
  'table',
  'caption',
  'hr',
  'br',
  'blockquote',
  'dt',
  'dd',
])
const CAPTION = /^(?:Table|Figure|Example) \d+\. /

/** The text of the window's DOM as the card (or the answer check) should read it. */
function textOf(node: Node, reading: Reading, captions: readonly string[] = []): string {
  if (node.nodeType === 3) return (node as Text).data
  if (node.nodeType !== 1) return ''
  const element = node as Element
  const children = () => [...element.childNodes].map(child => textOf(child, reading, captions)).join('')
  let text: string
  if (element.localName === 'img') text = reading === 'card' ? `[${element.getAttribute('alt') ?? ''}]` : ''
  else if (element.matches('span.icon')) text = reading === 'card' ? children() : ''
  else if (element.matches('td.icon')) text = reading === 'card' ? `${element.textContent?.trim()}:` : ''
  else if (element.matches('sup.footnote, sup.footnoteref')) text = reading === 'card' ? children() : ''
  else if (element.matches('div.footnote')) {
    const number = element.querySelector('a')?.textContent ?? ''
    const body = children()
      .trim()
      .replace(/^\d+\.\s*/, '')
    text = reading === 'card' ? `[${number}] ${body}` : body
  } else if (element.matches('.title, caption')) {
    const shown = children()
    const own = captions.find(caption => shown.startsWith(caption))
    text = reading === 'card' ? shown : own !== undefined ? shown.slice(own.length) : shown.replace(CAPTION, '')
  } else if (element.localName === 'tr' && reading === 'card') text = rowLines(element).join(' ')
  else text = children()
  return BLOCKS.has(element.localName) ? ` ${text} ` : text
}

/**
 * A table row as the eye reads it, and the card lays it out: line by line across its cells, a
 * cell of several blocks (a list, a nested table) being several lines. A row of one-line cells
 * reads as its cells in order.
 */
function rowLines(row: Element): string[] {
  const cells = [...row.children].map(cell => lines(cell))
  const height = Math.max(1, ...cells.map(cell => cell.length))
  return Array.from({ length: height }, (_, k) => cells.map(cell => cell[k] ?? '').join(' '))
}

/** The lines of a block: one for a block of text only, else its blocks' lines in order (a row's as `rowLines`). */
function lines(block: Element): string[] {
  const blocks = [...block.children].filter(child => BLOCKS.has(child.localName) || child.querySelector('*') !== null)
  if (block.matches('td.icon') || blocks.length === 0 || !hasBlockInside(block)) return [textOf(block, 'card')]
  return blocks
    .flatMap(child => (child.localName === 'tr' ? rowLines(child) : lines(child)))
    .filter(line => line.trim() !== '')
}

function hasBlockInside(element: Element): boolean {
  return [...element.querySelectorAll('*')].some(inner => BLOCKS.has(inner.localName))
}

function words(text: string): string[] {
  return text
    .replace(/\u200b/g, '')
    .split(/\s+/)
    .filter(word => word !== '')
}

async function windowWords(
  source: string,
  reading: Reading,
  attributes?: Readonly<Record<string, string>>,
  captions?: readonly string[],
): Promise<string[]> {
  const dom = new JSDOM('<!doctype html><body><div id="target"></div></body>')
  const target = dom.window.document.getElementById('target') as HTMLElement
  await renderAsciidocInto(target, source, attributes)
  return words(textOf(target, reading, captions))
}

function cardWords(source: string, attributes?: Readonly<Record<string, string>>): string[] {
  return words(renderTerminal(source, { color: false }, '', attributes)).filter(
    word => word !== '•' && word !== '|' && word !== '!' && !/^-+(?:\+-+)*$/.test(word),
  )
}

function answerWords(source: string, attributes?: Readonly<Record<string, string>>): string[] {
  return readerWords(source, attributes).map(word => word.text)
}

/**
 * Fragments, each a construct the card once showed as raw markup, or the answer check read as words
 * to type. `captions`: those the fragment writes itself (`[caption="Figure A: "]`), which the
 * answer check leaves out, as it leaves out Asciidoctor's "Table 1. ".
 */
const FRAGMENTS: Record<string, { source: string; attributes?: Record<string, string>; captions?: string[] }> = {
  replacements: {
    source:
      "Acme (C) 2026, Widget(R) and Gadget(TM): fast -- and cheap, end --\nnext; a--b... x -> y => z <- w <= v, it's l'été, '90s.",
  },
  'escaped replacements': { source: 'Not \\(C), not \\-> and not \\... here.' },
  'curved quotes': { source: "\"`Quoted`\" and '`single`' and rock'n'roll." },
  'replacements in monospace, not in a passthrough': { source: 'Type `a -> b`, not +a -> b+.' },
  highlight: { source: 'A #marked# word, ##mar##ked, [.big]#a role#, C# and F# stay.' },
  footnotes: {
    source:
      'Canberra.footnote:[Since *1913*.] Not Sydney.footnote:big[The largest city.] Both.footnote:big[] And footnote:nope[].',
  },
  'legacy footnote reference': { source: 'One footnoteref:[n,First note.] and again footnoteref:[n].' },
  'inline images and icons': {
    source: 'A image:flag.png[French flag] and image:dir/my_icon-x.svg[] and icon:heart[2x].',
  },
  'image with its alt named': { source: 'See image:x.png[alt="A, B", width=20] there.' },
  'block image with a title': { source: '.The flow\nimage::flow.png[Flow chart]\n\nAfter it.' },
  "a block's own caption, which takes no number": {
    source:
      '[caption="Figure A: "]\n.Flow\nimage::f.png[F]\n\n.Second\nimage::g.png[G]\n\n[caption="Tab X. "]\n.U\n|===\n|b\n|===\n\n' +
      '[caption=""]\n.W\n|===\n|d\n|===\n\n.V\n|===\n|c\n|===\n\n[caption="Listing 1. "]\n.L\n----\ncode\n----',
    captions: ['Figure A: ', 'Tab X. ', 'Listing 1. '],
  },
  "an admonition's own caption is its label": {
    source: '[NOTE,caption="Nota"]\n====\nz\n====\n\n[caption="Nb"]\nTIP: zz',
  },
  "captions from the note: a listing's when it sets one, none when it empties one": {
    source: '.T\n|===\n|a\n|===\n\n.L\n----\ncode\n----\n\n.E\n====\nx\n====',
    attributes: { 'table-caption': 'Tabelle', 'listing-caption': 'Listing', 'example-caption': '' },
    captions: ['Tabelle 1. ', 'Listing 1. '],
  },
  'block titles': {
    source:
      '.A listing\n----\ngit reflog\n----\n\n.A paragraph\nIts text.\n\n.An example\n====\nInside.\n====\n\n.A sidebar\n****\nAside.\n****',
  },
  'a dot inside a paragraph is text': { source: 'Files named\n.bashrc are hidden.' },
  'table with an implicit header': { source: '|===\n|Verb |Past\n\n|go |went\n|see |saw\n|===' },
  'table with cols, spans and a title': {
    source: '.Irregular verbs\n[cols="1,2,1"]\n|===\n|a |b |c\n3+|all three\n.2+|tall |x |y\n|z |w\n|===',
  },
  'table with %header and styled cells': {
    source: '[%header]\n|===\n|Name |Notes\nh|bold *here* e|with `code` and a\\|b\nm|x -> y l|as *written*\n|===',
  },
  'table whose last cells fill no row (Asciidoctor drops them)': {
    source: '|===\n|a |b\n|c |e|d\n|===',
  },
  'table with a row whose cell spans past the last column (Asciidoctor drops the row)': {
    source: '|===\n|a |b\n|c 3+|x\n|d |e\n|===',
  },
  'table with an AsciiDoc cell': { source: '|===\na|* one\n* two\n|plain\n|===' },
  'table in csv': { source: ',===\nverb,past\ngo,went\n,===' },
  // Aligned by display width on the card (terminal-card.test.ts); its words, the window's.
  'table of wide characters': { source: '|===\n|日本語 |Japanese\n|de\u0301ja\u0300 vu |French\n|💀 |legacy\n|===' },
  // As the Asciidoctor docs write one (asciidoc-docs tables/examples/table.adoc): the column's `a`
  // from `cols` makes the cell AsciiDoc, and the `!===` lines in it a table.
  'a nested table in a column styled AsciiDoc by cols': {
    source:
      '[cols="1,2a"]\n|===\n| Col 1 | Col 2\n\n| Cell 1.1\n| Cell 1.2\n\n| Cell 2.1\n| Cell 2.2\n\n' +
      '[cols="2,1"]\n!===\n! Col1 ! Col2\n\n! C11\n! C12\n\n!===\n\n|===',
  },
  'a nested table in an a| cell': { source: '|===\n|Outer |B\na|\n!===\n!x !y\n!z !w\n!===\n|after\n|===' },
  "a header row takes no column style (its NOTE: is text), the body's cells their column's": {
    source: '[%header,cols="1a,1"]\n|===\n|NOTE: head |h2\n|NOTE: body |plain\n|===',
  },
  'dollar passthroughs': { source: 'Shown $$*as* written -> here$$, and \\$$a$$ with its marks.' },
  'escaped passthroughs': { source: 'Shown \\+x+ and \\++y++ and \\+++z+++ and \\pass:[p], but +kept+ too.' },
  'admonition paragraphs': { source: 'NOTE: Paris is the capital.\n\nTIP: one\ntwo\n\nWARNING:no space is text.' },
  'admonition blocks': { source: '[CAUTION]\nCareful.\n\n[IMPORTANT]\n====\nIn a block.\n====' },
  'admonition caption from the note': { source: 'NOTE: Check it.', attributes: { 'note-caption': 'Remember' } },
  'character references': {
    source:
      'A &mdash; b, &#8212; and &#x2014;, Q&amp;A, caf&eacute;, 5 &times; 3, &ldquo;quoted&rdquo;, it&rsquo;s, ' +
      '&#42;not bold&#42;, &#128;5, &#00; and as written: &bogus; &#7; &#X41; &#xZZ; \\&amp; and `&rarr;` but not +&rarr;+.',
  },
  'character references in a title, a table and a listing': {
    source: '.Caf&eacute;\n|===\n|&eacute;t&eacute; |&lt;b&gt; l|&amp;\n|===\n\n----\n&mdash;\n----',
  },
  'character references in an attribute value': { source: 'Say {x}.', attributes: { x: 'caf&eacute; &amp; th&#233;' } },
  // Every name the card knows, as the browser decodes it (`&bull;` aside: the card's words drop
  // a lone bullet, as a list's).
  'every named character reference': {
    source: [...NAMED_REFERENCES.keys()]
      .filter(name => name !== 'bull')
      .map(name => `&${name};`)
      .join(' '),
  },
  'UI macros without :experimental: (as written)': {
    source: 'Press kbd:[Ctrl+T], then btn:[OK]; menu:File[Save] or "File > Save", not \\kbd:[x].',
  },
  'UI macros with :experimental:': {
    source:
      'Press kbd:[Ctrl+T], kbd:[Ctrl,Shift,N] or kbd:[F11], then btn:[Open]; menu:File[New > Other... > JUnit], ' +
      'menu:View[Zoom, Reset], menu:F8[], "Edit > Find", but not \\menu:File[Save] nor \\kbd:[x].',
    attributes: { experimental: '' },
  },
  'a response as notes write them': {
    source:
      "`git reflog` -- it's the way back.footnote:[Reflogs expire.]\n+\n.Recover\n----\ngit branch rescue HEAD@{1}\n----\n+\nNOTE: Works for -> detached HEADs...",
  },
}

describe('the terminal card reads as Asciidoctor shows the note', () => {
  for (const [name, { source, attributes, captions }] of Object.entries(FRAGMENTS)) {
    it(`the card shows what the window shows: ${name}`, async () => {
      expect(cardWords(source, attributes)).toEqual(await windowWords(source, 'card', attributes))
    })
    it(`the answer check reads the words the window shows: ${name}`, async () => {
      expect(answerWords(source, attributes)).toEqual(await windowWords(source, 'answer', attributes, captions))
    })
  }
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { codeSpan, locationSpan } from '../../src/plugin/pages/logseq-escape.js'

// One code span with nothing that can end it or break the line: what Logseq shows verbatim.
const ONE_SPAN = /^`[^`\r\n\t\u2028\u2029]+`$/

describe('codeSpan keeps note text out of Logseq markup', () => {
  const hostile = [
    '{{query (todo now)}}',
    '{{embed [[Secret page]]}}',
    '{{renderer :notekeeper-triage, 1}}',
    '[[Some page]] and #tag and #[[multi word]]',
    '[:iframe {:src "javascript:alert(1)"}]',
    '[:div {:on-click "alert(1)"} "x"]',
    '<script>window.pwned = 1</script>',
    '<img src=x onerror="window.pwned=1">',
    '`` ` `break out` ``',
    'title:: injected property',
    '# heading\n[:div "hiccup on the next line"]',
    'line one\r\nline two\u2028three',
    '#+BEGIN_QUERY\n{:query [:find ?b]}\n#+END_QUERY',
    '$$\\href{javascript:alert(1)}{x}$$',
  ]

  for (const text of hostile) {
    it(`wraps ${JSON.stringify(text)} in one unbreakable code span`, () => {
      const escaped = codeSpan(text)
      expect(escaped).toMatch(ONE_SPAN)
    })
  }

  it('keeps the text readable: same characters except backticks and line breaks', () => {
    expect(codeSpan('see [[x]] {{query y}} <b>')).toBe('`see [[x]] {{query y}} <b>`')
    expect(codeSpan('a `b` c')).toBe('`a \u02CBb\u02CB c`')
    expect(codeSpan('one\ntwo')).toBe('`one two`')
  })

  it('shows blank text as a fixed label rather than an empty span', () => {
    expect(codeSpan('')).toBe('(blank)')
    expect(codeSpan(' \n\t')).toBe('(blank)')
  })

  it('makes zero-width and bidi controls visible', () => {
    expect(codeSpan('a\u202Eb\u200Bc')).toBe('`a\uFFFDb\uFFFDc`')
  })

  it('makes the other invisible format characters visible too: Arabic letter mark, word joiner, tag letters', () => {
    // U+061C is a bidi mark like U+200F; U+2060-2064 are zero-width; tag letters (U+E0020-E007F)
    // spell ASCII no one sees; U+180E, U+206A-206F, U+FFF9-FFFB and C1 controls show nothing.
    const hidden = '\u061C \u180E \u2060 \u2064 \u206A \u206F \uFFF9 \uFFFB \u0080 \u009F \u{E0001} \u{E0041}\u{E007F}'
    expect(codeSpan(`a ${hidden} b`)).toBe(`\`a ${'\uFFFD '.repeat(11)}\uFFFD\uFFFD b\``)
  })

  it('gives one code span for any string at all', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), text => {
        const escaped = codeSpan(text)
        return escaped === '(blank)' || ONE_SPAN.test(escaped)
      }),
      { numRuns: 2000 },
    )
  })

  it('writes a location as file:line', () => {
    expect(locationSpan('reference/http.adoc', 12)).toBe('`reference/http.adoc:12`')
    expect(locationSpan('internalise/.srs/config.json', undefined)).toBe('`internalise/.srs/config.json`')
  })
})

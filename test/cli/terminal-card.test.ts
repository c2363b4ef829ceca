import { describe, expect, it } from 'vitest'
import { renderDiff, renderTerminal } from '../../src/cli/terminal-card.js'
import { checkAnswer } from '../../src/core/answer/suggest.js'

const plain = { color: false }
const color = { color: true }

describe('cards rendered for the terminal', () => {
  it('drops continuation markers, attribute lines and block delimiters, and indents code', () => {
    const response =
      '`git reflog` lists where `HEAD` has been; then\n`git branch rescue <sha>`.\n+\n[source,shell]\n----\ngit reflog\n# e1f3a9c HEAD@{2}: commit\n----'
    expect(renderTerminal(response, plain)).toBe(
      '  git reflog lists where HEAD has been; then\n  git branch rescue <sha>.\n      git reflog\n      # e1f3a9c HEAD@{2}: commit',
    )
  })

  it('shows emphasis, strong and monospace as ANSI styles only when colour is on', () => {
    expect(renderTerminal('When do you switch from _vous_ to *tu*? Use `tutoyer`.', plain)).toBe(
      '  When do you switch from vous to tu? Use tutoyer.',
    )
    expect(renderTerminal('from _vous_ to *tu*, `x`', color)).toBe(
      '  from \u001b[3mvous\u001b[23m to \u001b[1mtu\u001b[22m, \u001b[36mx\u001b[39m',
    )
  })

  it('shows xrefs and links as their text, and lists as bullets', () => {
    expect(
      renderTerminal(
        'See xref:../reference/http-status.adoc#permanent-redirects[the status list].\n* one\n** two',
        plain,
      ),
    ).toBe('  See the status list.\n  • one\n    • two')
    expect(renderTerminal('See xref:other.adoc#x[].', plain)).toBe('  See other#x.')
    expect(renderTerminal('<<sec,That section>> and https://example.org[the site]', plain)).toBe(
      '  That section and the site',
    )
  })

  it('never lets note text send terminal control sequences', () => {
    expect(renderTerminal('evil \u001b]0;owned\u0007 \u001b[2J text', plain)).toBe('  evil ]0;owned [2J text')
    expect(renderTerminal('a\rb', plain)).toBe('  a\n  b')
  })

  it('shows the word diff with brackets that read the same without colour', () => {
    const check = checkAnswer('git comit', '`git commit --amend`')
    expect(renderDiff(check.diff, plain)).toBe('git commit(~comit) [+--amend]')
    expect(renderDiff(checkAnswer('x the car', 'the car').diff, plain)).toBe('[-x] the car')
    // Punctuation-only tokens are shown, where they stand (they were dropped from the diff).
    expect(renderDiff(checkAnswer('a b', 'a → b').diff, plain)).toBe('a [+→] b')
    expect(renderDiff(checkAnswer('2 + 2 = 4', '2 × 2 = 4').diff, plain)).toBe('2 [+×] [-+] 2 = 4')
    expect(renderDiff(check.diff, color)).toContain('\u001b[32m[+--amend]\u001b[39m')
  })
})

describe('passthroughs on the terminal card', () => {
  it('shows a passthrough as its content, without the plus signs, its markup and references as written', () => {
    expect(renderTerminal('Escape braces with `+{name}+`; `+*+` multiplies, ++a__b++ and pass:[<kbd>]', plain)).toBe(
      '  Escape braces with {name}; * multiplies, a__b and <kbd>',
    )
    expect(renderTerminal('`+x+`', color)).toBe('  \u001b[36mx\u001b[39m')
    // Not a passthrough: a plus between words, or after one.
    expect(renderTerminal('a+b+c and i++ stay', plain)).toBe('  a+b+c and i++ stay')
  })

  it('takes a constrained passthrough of at most 500 characters (an unclosed + scans no further)', () => {
    const long = `+${'x'.repeat(499)}+`
    expect(renderTerminal(long, plain)).toBe(`  ${'x'.repeat(499)}`)
    expect(renderTerminal(`+${'x'.repeat(501)}+`, plain)).toBe(`  +${'x'.repeat(501)}+`)
  })

  it('the answer check reads a passthrough as its content', () => {
    expect(checkAnswer('{name} braces', '`+{name}+` braces', { name: 'set' }).suggested).toBe('easy')
  })
})

describe("a note's attributes on the terminal card", () => {
  it('never let a value send terminal control sequences, raw or as character references', () => {
    const attributes = { x: '&#27;]0;pwned&#7;&#27;[2J', raw: '\u001b[2J' }
    expect(renderTerminal('Q {x} {raw}?', plain, '  ', attributes)).toBe('  Q ]0;pwned[2J [2J?')
    expect(renderTerminal('{x} &#27;]0;title&#7;', plain)).toBe('  {x} ]0;title')
  })

  it('count a {counter:name} the same way each time a card is shown or checked', () => {
    const attributes = { product: 'kubectl' }
    const first = renderTerminal('Step {counter:n} of {product}', plain, '  ', attributes)
    expect(first).toBe('  Step 1 of kubectl')
    expect(renderTerminal('Step {counter:n} of {product}', plain, '  ', attributes)).toBe(first)
    // Nor does a counter leak into a card that only reads the name.
    expect(renderTerminal('x {n}', plain)).toBe('  x {n}')
  })
})

describe('escaped markup on the terminal card', () => {
  it('shows the escaped character without the backslash, and the answer check reads it so', () => {
    expect(renderTerminal('Use \\*not bold* and \\`not code`', plain)).toBe('  Use *not bold* and `not code`')
    expect(checkAnswer('word*not', 'word\\*not').diff).toEqual([{ kind: 'same', text: 'word*not' }])
  })
})

import { describe, expect, it } from 'vitest'
import { renderDiff, renderTerminal } from '../../src/cli/terminal-card.js'
import { checkAnswer } from '../../src/core/answer/suggest.js'
import { plainText, readerWords } from '../../src/core/answer/words.js'

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
    expect(renderTerminal('$$*as* {x} -> written$$ and \\$$a$$', plain, '  ', { x: 'X' })).toBe(
      '  *as* {x} -> written and $$a$$',
    )
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
    // `&#7;` has one digit: Asciidoctor escapes it, and the window shows it as written.
    const attributes = { x: '&#27;]0;pwned&#7;&#27;[2J', raw: '\u001b[2J' }
    expect(renderTerminal('Q {x} {raw}?', plain, '  ', attributes)).toBe('  Q ]0;pwned&#7;[2J [2J?')
    expect(renderTerminal('{x} &#27;]0;title&#7; &#x1b;[2J &#157;2J&#0127;', plain)).toBe('  {x} ]0;title&#7; [2J 2J')
    // A bidi control written as a reference is shown as one written raw is (plainText, ADR 0044).
    expect(renderTerminal('a &#x202E;b &#8238;c \u202Ed {b}', plain, '  ', { b: 'x&#x2067;y' })).toBe(
      '  a <U+202E>b <U+202E>c <U+202E>d x<U+2067>y',
    )
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

describe('what the window shows as text, the card shows as text (Asciidoctor 4.1)', () => {
  it('shows a table as aligned rows, its header above a rule, a cell that spans rows as a blank below it', () => {
    const table = '|===\n|Verb |Past\n\n|go |went\n|understand |understood\n|==='
    expect(renderTerminal(table, plain)).toBe(
      ['  Verb       | Past', '  -----------+-----------', '  go         | went', '  understand | understood'].join(
        '\n',
      ),
    )
    expect(renderTerminal('[cols=2]\n|===\n.2+|tall |x\n|y\n|===', plain)).toBe('  tall | x\n       | y')
    // In colour the header is bold, the bars and the rule dim.
    expect(renderTerminal('[%header]\n|===\n|H\n|c\n|===', color)).toBe(
      '  \u001b[1mH\u001b[22m\n  \u001b[2m-\u001b[22m\n  c',
    )
  })

  it("shows an AsciiDoc cell's blocks on lines of their own, a nested table as its own rows, a column's style from cols", () => {
    const nested = '[cols="1,2a"]\n|===\n|Verb |Forms\n\n|go\n|\n!===\n!past !went\n!participle !gone\n!===\n|===\n'
    expect(renderTerminal(nested, plain)).toBe(
      ['  Verb | Forms', '  -----+------------------', '  go   | past       ! went', '       | participle ! gone'].join(
        '\n',
      ),
    )
    expect(renderTerminal('[cols=2]\n|===\na|* one\n* two |plain\n|===', plain)).toBe('  • one | plain\n  • two |')
    // `m` and `e` from cols: code and italic, a cell's own style first; the header row takes neither.
    expect(renderTerminal('[%header,cols="1m,1e"]\n|===\n|H |I\n|x s|y\n|===', color)).toBe(
      [
        '  \u001b[1mH\u001b[22m \u001b[2m|\u001b[22m \u001b[1mI\u001b[22m',
        '  \u001b[2m--+--\u001b[22m',
        '  \u001b[36mx\u001b[39m \u001b[2m|\u001b[22m \u001b[1my\u001b[22m',
      ].join('\n'),
    )
    expect(readerWords('[cols="1,1a"]\n|===\n|a |NOTE: b\n|===').map(word => word.text)).toEqual(['a', 'b'])
  })

  it('aligns a table by the columns a terminal gives its text: two for a wide character or an emoji, none for an accent written apart', () => {
    expect(renderTerminal('|===\n|日本語 |Japanese\n|de\u0301ja\u0300 vu |French\n|💀 |legacy\n|===', plain)).toBe(
      ['  日本語  | Japanese', '  de\u0301ja\u0300 vu | French', '  💀      | legacy'].join('\n'),
    )
    expect(renderTerminal('[%header]\n|===\n|Ｆｕｌｌ |x\n|ab |y\n|===', plain)).toBe(
      ['  Ｆｕｌｌ | x', '  ---------+--', '  ab       | y'].join('\n'),
    )
  })

  it('reads a table to 100,000 cells at most, whatever counts its note writes', () => {
    // A few bytes of a note set no allocation: `[cols=99999999]` took 40 s and 8 GB of memory,
    // `99999999*|a` ran out of it, `99999999+|x` looped over every column it spans.
    expect(renderTerminal('[cols=99999999]\n|===\n|a |b\n|===', plain)).toBe('')
    expect(readerWords('[cols=99999999]\n|===\n|a |b\n|===')).toEqual([])
    const repeated = renderTerminal('|===\n99999999*|a\n|===', plain)
    expect(repeated.split('\n')).toHaveLength(1)
    expect(repeated.split(' | ')).toHaveLength(100_000)
    expect(readerWords('|===\n99999999*|a\n|===')).toHaveLength(100_000)
    // Wider than the table: dropped, as Asciidoctor drops a row whose cell spans past the last column.
    expect(renderTerminal('[%header]\n|===\n|a |b\n99999999+|x\n|===', plain)).toBe('  a | b\n  --+--')
  })

  it('shows a block title as its own line, with the caption Asciidoctor gives tables, images and examples', () => {
    expect(renderTerminal('.Recover\n----\ngit reflog\n----', plain)).toBe('  Recover\n      git reflog')
    expect(renderTerminal('.Verbs\n|===\n|go\n|===', plain)).toBe('  Table 1. Verbs\n  go')
    expect(renderTerminal('.The flow\nimage::flow.png[Flow chart]', plain)).toBe('  [Flow chart]\n  Figure 1. The flow')
    // Inside a paragraph a leading dot is text.
    expect(renderTerminal('Files named\n.bashrc are hidden.', plain)).toBe('  Files named\n  .bashrc are hidden.')
  })

  it('shows a footnote as its number where it stands, and its text after the fragment', () => {
    expect(
      renderTerminal(
        'Canberra.footnote:[Since *1913*.] Not Sydney.footnote:big[The largest.] Both.footnote:big[]',
        plain,
      ),
    ).toBe('  Canberra.[1] Not Sydney.[2] Both.[2]\n  [1] Since 1913.\n  [2] The largest.')
  })

  it('shows an image as its alt text in brackets, or its file name when it has none', () => {
    expect(renderTerminal('A image:flag.png[French flag] and image:dir/my_icon-x.svg[].', plain)).toBe(
      '  A [French flag] and [my icon x].',
    )
    expect(renderTerminal('image::diagram.png[Sequence diagram]', plain)).toBe('  [Sequence diagram]')
  })

  it("shows highlighted text in reverse video, and Asciidoctor's replacements as their characters", () => {
    expect(renderTerminal('A #marked# word, [.big]#a role#, C# stays', color)).toBe(
      '  A \u001b[7mmarked\u001b[27m word, a role, C# stays',
    )
    expect(renderTerminal("(C) (R) (TM) a -- b, a--b... -> => <- <= it's", plain)).toBe(
      '  © ® ™ a — b, a—b… → ⇒ ← ⇐ it’s',
    )
    expect(renderTerminal('\\(C) and \\-> as written', plain)).toBe('  (C) and -> as written')
  })

  it('shows a character reference as the character the window shows, one Asciidoctor escapes as written', () => {
    expect(renderTerminal('a &mdash; b &#8212; c &#x2014; Q&amp;A caf&eacute; &#128;', plain)).toBe(
      '  a — b — c — Q&A café €',
    )
    expect(renderTerminal('&bogus; &#7; &#X41; \\&amp; `&rarr;` +&rarr;+', plain)).toBe(
      '  &bogus; &#7; &#X41; &amp; → &rarr;',
    )
    // A reference to markup is the character, not markup, as in Asciidoctor (its quotes come first).
    expect(renderTerminal('&#42;not bold&#42; and &lt;&lt;id&gt;&gt;', color)).toBe('  *not bold* and <<id>>')
    expect(renderDiff(checkAnswer('Q&A café', 'Q&amp;A caf&eacute;').diff, plain)).toBe('Q&A café')
    expect(readerWords('&#42;x&#42;').map(word => word.text)).toEqual(['*x*'])
  })

  it('shows UI macros only when the note sets :experimental:, keys as code and a menu path in bold', () => {
    const source = 'kbd:[Ctrl+T] btn:[OK] menu:File[Save > As]'
    expect(renderTerminal(source, plain)).toBe(`  ${source}`)
    expect(renderTerminal(source, plain, '  ', { experimental: '' })).toBe('  Ctrl+T OK File › Save › As')
    expect(renderTerminal('kbd:[Ctrl,T] menu:F8[]', color, '  ', { experimental: '' })).toBe(
      '  \u001b[36mCtrl+T\u001b[39m \u001b[1mF8\u001b[22m',
    )
    expect(readerWords(source).map(word => word.text)).toEqual([
      'kbd:[Ctrl+T]',
      'btn:[OK]',
      'menu:File[Save',
      '>',
      'As]',
    ])
    expect(plainText(source, { experimental: '' })).toBe('Ctrl+T OK File › Save › As')
  })

  it('shows an escaped passthrough as written, without its backslash', () => {
    expect(renderTerminal('\\+x+ and \\pass:[p] and +kept+', plain)).toBe('  +x+ and pass:[p] and kept')
  })

  it("shows an admonition's label as Asciidoctor does: the note's own caption, never its control characters", () => {
    expect(renderTerminal('NOTE: Paris is the capital.', plain)).toBe('  Note: Paris is the capital.')
    expect(renderTerminal('[WARNING]\n====\nCareful.\n====', plain)).toBe('  Warning: Careful.')
    expect(renderTerminal('TIP: x', plain, '  ', { 'tip-caption': 'Astuce\u001b[2J' })).toBe('  Astuce[2J: x')
  })
})

/**
 * Text for a terminal: the one place that says which characters may reach it. A note's text, a
 * file name, an item id or a link target is untrusted: a terminal acts on control characters
 * (ESC starts a sequence that can write the clipboard, make a hyperlink, retitle the window,
 * clear the screen or move the cursor; a lone CR sends the cursor back over the line, so what
 * follows overwrites it; U+009B is a CSI by itself), so none of them is ever written from there.
 * The command line's output goes through here at one choke point (src/cli/node-context.ts `out`
 * and `err`, main.ts's and bin.ts's own lines), so that no command can forget it; the practice
 * card also cleans the note's text itself before it styles and lays it out (terminal-card.ts).
 * What is ours stays: tab and newline, and, where colour is on, the styles of `STYLES` (ADR 0044).
 */

export interface TerminalStyle {
  color: boolean
}

const ESC = '\u001b['

/** Every style the command line writes (SGR parameters, on and off): a fixed set, which `terminalText` lets through. */
export const STYLES = {
  bold: ['1m', '22m'],
  italic: ['3m', '23m'],
  code: ['36m', '39m'],
  dim: ['2m', '22m'],
  link: ['4m', '24m'],
  mark: ['7m', '27m'],
  same: ['', ''],
  missing: ['32m', '39m'],
  extra: ['31;9m', '39;29m'],
  near: ['33m', '39m'],
} as const
export type StyleName = keyof typeof STYLES

export function styled(style: TerminalStyle, name: StyleName, text: string): string {
  const [on, off] = STYLES[name]
  return style.color && on !== '' ? `${ESC}${on}${text}${ESC}${off}` : text
}

// C0 but tab and newline (CR included), DEL and C1: removed. Bidi embeddings, overrides and
// isolates (U+202A-U+202E, U+2066-U+2069): shown as `<U+202E>`. They are no terminal command,
// but a terminal that orders text by direction shows what follows one in another order
// (`invoice<U+202E>gpj.exe` reads `invoiceexe.jpg`), and removed, a name would show as another,
// existing one (`a<U+202E>b` as `ab`), which is then the one a person types to `grade` or
// `--note`. Shown, the reader sees that the name holds one, and which. The bidi marks (U+200E,
// U+200F, U+061C) stay: they only set the direction of the neutral characters beside them, and
// right-to-left text uses them as it is written.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g')

const shown = (c: string): string => {
  const code = c.charCodeAt(0)
  return code >= 0x202a ? `<U+${code.toString(16).toUpperCase()}>` : ''
}

/** The text with no character a terminal would act on: control characters out (but tab and newline), bidi controls shown. */
export function plainText(text: string): string {
  // Most text holds none: one test, no copy (a validate report of 10,000 notes passes here whole).
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, shown) : text
}

/** Untrusted text for one line (a file name, an item id, a finding's message): `plainText`, a line break as a space. */
export function oneLine(text: string): string {
  // Most text holds no line break: one scan for it, no regex run over every message and quoted
  // line of a report (two replaces of each were a tenth of a validate report's time). The
  // replace starts from the first blank of a run only (the lookbehind): tried from each, a long
  // run of blanks without a line break cost its length squared.
  const plain = plainText(text)
  return plain.includes('\n') ? plain.replace(/(?<!\s)\s*\n\s*/g, ' ') : plain
}

// Our styles as they are written: each `ESC [ parameters m` of STYLES. Every one ends in `m` and
// holds only digits and `;` before it, so no alternative is a prefix of another.
const OUR_STYLES = new RegExp(
  `(\u001b\\[(?:${[...new Set(Object.values(STYLES).flatMap(pair => pair.filter(code => code !== '')))].join('|')}))`,
)
const OUR_STYLES_SPLIT = new RegExp(OUR_STYLES.source, 'g')

/**
 * What a command's text output may write to a terminal: `plainText`, but where `keepStyles` (the
 * command styles its output and colour is on), the sequences of `STYLES` stay as they are. Text
 * from a note can at most be one of those there; where the card shows a note's text, the text
 * was cleaned before any style was added, so it cannot be even that.
 */
export function terminalText(text: string, keepStyles: boolean): string {
  if (!keepStyles || !OUR_STYLES.test(text)) return plainText(text)
  // split with a capturing group: our sequences at the odd places, the text between at the even.
  return text
    .split(OUR_STYLES_SPLIT)
    .map((part, k) => (k % 2 === 1 ? part : plainText(part)))
    .join('')
}

/**
 * `--json` output for a terminal. JSON.stringify escapes C0 but writes DEL, the C1 controls and
 * the bidi controls raw; here they are written as `\uXXXX` escapes (the same set as
 * `plainText`'s: a raw C0 other than tab and newline is never in JSON text, a string escapes it
 * and only blanks stand between tokens). They can stand only inside a string (JSON's structure
 * is ASCII), where an escape means the same character: a reader parses the same value, and
 * output without them is byte for byte what JSON.stringify wrote.
 */
export function jsonText(text: string): string {
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : text
}

// Character references (`&mdash;`, `&#8212;`, `&#x2014;`, `&amp;`) as the review window shows
// them: Asciidoctor 4.1 passes them to its HTML (the last of its replacements restores the `&` it
// escaped, `src/constants.js` REPLACEMENTS), and the browser shows the character. The terminal
// card and the answer check show that character too, from one table, read by both.
//
// What Asciidoctor passes: `&` then a name of two letters or more and at most two digits, `#` and
// 2 to 6 digits, or `#x` and 2 to 5 hexadecimal digits, then `;`. Anything else (`&#7;`, `&#X41;`,
// `&#xZZ;`) it escapes, and the window shows it as written; so does a name the browser does not
// know (`&bogus;`). The names here are those HTML 4 defined (and `&apos;`), with the values the
// browser gives them: every name the real notes use (ext-corpora: `&rsquo;`, `&quot;`, `&times;`,
// `&amp;`, `&ndash;`, ...) is one of them. HTML5's two thousand others show as written.

import { plainText } from '../terminal-text.js'

/** The named references of HTML 4 (and `apos`), as HTML5 maps them (`lang` is ⟨, not 〈). */
export const NAMED_REFERENCES: ReadonlyMap<string, string> = namesAndCharacters(`
  nbsp \u00a0 iexcl ¡ cent ¢ pound £ curren ¤ yen ¥ brvbar ¦ sect § uml ¨ copy © ordf ª laquo « not ¬
  shy \u00ad reg ® macr ¯ deg ° plusmn ± sup2 ² sup3 ³ acute ´ micro µ para ¶ middot · cedil ¸ sup1 ¹
  ordm º raquo » frac14 ¼ frac12 ½ frac34 ¾ iquest ¿ Agrave À Aacute Á Acirc Â Atilde Ã Auml Ä
  Aring Å AElig Æ Ccedil Ç Egrave È Eacute É Ecirc Ê Euml Ë Igrave Ì Iacute Í Icirc Î Iuml Ï ETH Ð
  Ntilde Ñ Ograve Ò Oacute Ó Ocirc Ô Otilde Õ Ouml Ö times × Oslash Ø Ugrave Ù Uacute Ú Ucirc Û
  Uuml Ü Yacute Ý THORN Þ szlig ß agrave à aacute á acirc â atilde ã auml ä aring å aelig æ ccedil ç
  egrave è eacute é ecirc ê euml ë igrave ì iacute í icirc î iuml ï eth ð ntilde ñ ograve ò oacute ó
  ocirc ô otilde õ ouml ö divide ÷ oslash ø ugrave ù uacute ú ucirc û uuml ü yacute ý thorn þ yuml ÿ
  quot " amp & lt < gt > apos ' OElig Œ oelig œ Scaron Š scaron š Yuml Ÿ circ ˆ tilde ˜ ensp \u2002
  emsp \u2003 thinsp \u2009 zwnj \u200c zwj \u200d lrm \u200e rlm \u200f ndash – mdash — lsquo ‘
  rsquo ’ sbquo ‚ ldquo “ rdquo ” bdquo „ dagger † Dagger ‡ permil ‰ lsaquo ‹ rsaquo › euro € fnof ƒ
  Alpha Α Beta Β Gamma Γ Delta Δ Epsilon Ε Zeta Ζ Eta Η Theta Θ Iota Ι Kappa Κ Lambda Λ Mu Μ Nu Ν
  Xi Ξ Omicron Ο Pi Π Rho Ρ Sigma Σ Tau Τ Upsilon Υ Phi Φ Chi Χ Psi Ψ Omega Ω alpha α beta β gamma γ
  delta δ epsilon ε zeta ζ eta η theta θ iota ι kappa κ lambda λ mu μ nu ν xi ξ omicron ο pi π rho ρ
  sigmaf ς sigma σ tau τ upsilon υ phi φ chi χ psi ψ omega ω thetasym ϑ upsih ϒ piv ϖ bull • hellip …
  prime ′ Prime ″ oline ‾ frasl ⁄ weierp ℘ image ℑ real ℜ trade ™ alefsym ℵ larr ← uarr ↑ rarr →
  darr ↓ harr ↔ crarr ↵ lArr ⇐ uArr ⇑ rArr ⇒ dArr ⇓ hArr ⇔ forall ∀ part ∂ exist ∃ empty ∅ nabla ∇
  isin ∈ notin ∉ ni ∋ prod ∏ sum ∑ minus − lowast ∗ radic √ prop ∝ infin ∞ ang ∠ and ∧ or ∨ cap ∩
  cup ∪ int ∫ there4 ∴ sim ∼ cong ≅ asymp ≈ ne ≠ equiv ≡ le ≤ ge ≥ sub ⊂ sup ⊃ nsub ⊄ sube ⊆ supe ⊇
  oplus ⊕ otimes ⊗ perp ⊥ sdot ⋅ lceil ⌈ rceil ⌉ lfloor ⌊ rfloor ⌋ lang ⟨ rang ⟩ loz ◊ spades ♠
  clubs ♣ hearts ♥ diams ♦
`)

/** `name character name character …`, separated by ASCII spaces and line breaks (no character here is one). */
function namesAndCharacters(table: string): Map<string, string> {
  const parts = table.trim().split(/[ \n]+/)
  const map = new Map<string, string>()
  for (let k = 0; k + 1 < parts.length; k += 2) map.set(parts[k] as string, parts[k + 1] as string)
  return map
}

/**
 * What HTML shows for the code points 0x80 to 0x9F written as references: the windows-1252
 * characters (the HTML standard's numeric-reference table); the five it leaves out stay controls.
 */
const WINDOWS_1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'

/**
 * A reference as Asciidoctor passes it, with the backslash that keeps one as written (`\&amp;`).
 * The name is bounded to 32 letters (the longest HTML name has 31): an `&` then a long run of
 * letters is read once, to its bound.
 */
const REFERENCE = /(\\?)&(?:([a-zA-Z]{2,32}\d{0,2})|#(\d{2,6})|#x([\da-fA-F]{2,5}));/g

/** ASCII punctuation: a reference to one (`&#42;`) shows the character, never markup. */
const MARKUP = /^[!-/:-@[-`{-~]$/

/**
 * `text` with its character references as the characters the window shows. `protect` is given
 * each decoded ASCII punctuation character, for a caller that reads markup afterwards: in
 * Asciidoctor the reference is restored after the quotes (`&#42;x&#42;` is no strong text).
 * A reference to a control character shows nothing, one to a bidi control as `<U+202E>`
 * (`plainText`), and one to a line break or tab a space (the browser shows one): a note's text
 * must not reach a terminal as a control sequence.
 */
export function shownCharacterReferences(text: string, protect: (character: string) => string = c => c): string {
  if (!text.includes('&')) return text
  return text.replace(
    REFERENCE,
    (whole: string, backslash: string, name?: string, decimal?: string, hexadecimal?: string) => {
      if (backslash !== '') return whole.slice(1)
      const character =
        name !== undefined
          ? NAMED_REFERENCES.get(name)
          : shownCodePoint(
              decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hexadecimal ?? '', 16),
            )
      if (character === undefined) return whole
      return MARKUP.test(character) ? protect(character) : character
    },
  )
}

/** The character HTML shows for a numeric reference (the standard's rules, with the controls taken out). */
function shownCodePoint(point: number): string {
  if (point === 0 || (point >= 0xd800 && point <= 0xdfff) || point > 0x10ffff) return '\ufffd'
  if (point >= 0x80 && point <= 0x9f) return keptCharacter(WINDOWS_1252[point - 0x80] as string)
  return keptCharacter(String.fromCodePoint(point))
}

// Decoded after the card cleaned the note's text (a reference is read with the markup, after the
// quotes), so the character is cleaned here, by the one policy (ADR 0044): a control shows nothing,
// a bidi control as `<U+202E>`, as the card shows one written as it is.
function keptCharacter(character: string): string {
  if (/^[\t\n\f\r]$/.test(character)) return ' '
  return plainText(character)
}

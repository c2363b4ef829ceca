import { isVisibleAdoc, topFolder } from '../core/corpus.js'
import type { Finding } from '../core/types.js'
import { firstInvalidUtf8, type InvalidUtf8 } from '../core/utf8.js'
import { joinParts } from '../ports/byte-parts.js'
import type { SkippedEntry, Vault } from '../ports/vault.js'

// How a note's file is read, beyond its text: bytes that are not UTF-8 (read with U+FFFD, and
// said), and what the listing left out (said, never dropped silently).

/** A note's text, and where its bytes first fail to be UTF-8 (null: they are UTF-8, or the host hands over text only). */
export interface NoteText {
  text: string
  invalid: InvalidUtf8 | null
}

// `ignoreBOM`: a note that begins with one keeps it, as the vault's `read` gives it.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true })

/**
 * The note's text (null: no such file), checked for bytes that are not UTF-8. Only a text that
 * holds U+FFFD can come from such bytes, and a note rarely holds one: only then are the bytes
 * read again (where the host gives them), and the text is their decoding, so that the place
 * found and the text scanned are of one read.
 */
export async function readNoteText(vault: Vault, path: string): Promise<NoteText | null> {
  const text = await vault.read(path)
  if (text === null) return null
  if (!text.includes('\uFFFD') || vault.readChunks === undefined) return { text, invalid: null }
  const bytes = await readBytes(vault, path)
  if (bytes === null) return null
  const decoded = decoder.decode(bytes)
  return { text: decoded, invalid: firstInvalidUtf8(decoded, bytes) }
}

/** The file's bytes, whole (a note is at most `limits.noteBytes`); null when it is gone. */
async function readBytes(vault: Vault, path: string): Promise<Uint8Array | null> {
  const source = await vault.readChunks?.(path)
  if (!source) return null
  const pieces: Uint8Array[] = []
  // Copied at once: a host may reuse its chunk buffer.
  for await (const chunk of source.chunks) pieces.push(chunk.slice())
  return joinParts(pieces)
}

/**
 * Why the first bad byte is bad, in UTF-8's terms. The usual case is Latin-1 text: `é` is 0xE9,
 * which begins a three-byte sequence that the next byte (a plain letter) does not continue.
 */
function whatTheByteIs(byte: number): string {
  if (byte >= 0x80 && byte <= 0xbf) return 'continues a UTF-8 character that no byte before it began'
  if (byte >= 0xc2 && byte <= 0xf4)
    return 'begins a UTF-8 character that the bytes after it do not complete (Latin-1 text?)'
  return 'is never part of UTF-8 text'
}

/** The finding of a note whose bytes are not all UTF-8: it is still read, U+FFFD in place of each bad sequence. */
export function encodingFinding(file: string, invalid: InvalidUtf8): Finding {
  const byte = `0x${invalid.byte.toString(16).toUpperCase().padStart(2, '0')}`
  return {
    rule: 'note-encoding',
    severity: 'error',
    file,
    line: invalid.line,
    message:
      `not UTF-8: byte ${byte} (column ${invalid.column}, byte ${invalid.offset} of the file) ${whatTheByteIs(invalid.byte)}; ` +
      'the note is read with U+FFFD in place of each such sequence (save it as UTF-8)',
    column: invalid.column,
    offset: invalid.offset,
  }
}

/**
 * The `note-skipped` findings of what the listing left out where a note could be: a `.adoc`
 * name (a note, a README, an ADR: any file a load reads), and a link to a folder inside the
 * notes folders (or as one of them), whose notes are then not read either.
 */
export function skippedFindings(skipped: readonly SkippedEntry[]): Finding[] {
  return skipped
    .filter(entry => (entry.folder ? topFolder(entry.path) !== null : isVisibleAdoc(entry.path)))
    .map(entry => ({
      rule: 'note-skipped',
      severity: 'warning',
      file: entry.path,
      message: `${entry.folder ? 'its notes are not read' : 'not read as a note'}: ${entry.reason}`,
      reason: entry.reason,
    }))
}

/**
 * Why `path`, named by a command, is no note (or folder) of the corpus although something stands
 * there: the load's `note-unreadable` or `note-skipped` finding of it, or of the linked folder it
 * lies in; null when no finding says so.
 */
export function whyNotRead(findings: readonly Finding[], path: string): string | null {
  for (const finding of findings) {
    if (finding.rule !== 'note-unreadable' && finding.rule !== 'note-skipped') continue
    if (finding.file === path) return finding.message
    if (path.startsWith(`${finding.file}/`)) return `not read: ${finding.file} is ${String(finding['reason'])}`
  }
  return null
}

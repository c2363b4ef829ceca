import { renameSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOG, logOf, makeCorpus, qandaNote, run } from './corpus-kit.js'

// SPEC 1.8 `aliases`: a note moved (or renamed) without an alias leaves its items' history under
// ids no note declares. validate names the alias to add; before, practice and due said nothing,
// and a person found the items reset (new again, their registration dates gone) with no word why.

describe('a note moved without an alias', () => {
  it('every command that replays warns, naming an item, where its anchor stands now, and validate', async () => {
    const dir = makeCorpus({
      'internalise/deck.adoc': qandaNote('Deck', ['a', 'b']),
      [LOG]: logOf([
        ['deck#a', '2026-12-01', 'good'],
        ['deck#b', '2026-12-01', 'good'],
      ]),
    })
    const quiet = await run(dir, '2026-12-03', 'due')
    expect(quiet.stderr).not.toContain('history no note declares')
    renameSync(join(dir, 'internalise/deck.adoc'), join(dir, 'internalise/cards.adoc'))
    for (const command of ['due', 'replay', 'stats']) {
      const result = await run(dir, '2026-12-03', command)
      expect(result.stderr, command).toContain(
        'notekeeper: warning: 2 items (deck#a first) have a history no note declares, and the anchor of each stands in one other item (deck#a in cards#a): a note moved or renamed?',
      )
      expect(result.stderr, command).toContain('notekeeper validate names the aliases to add')
    }
  })
})

import { renameSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { config, LOG, logOf, makeCorpus, qandaNote, run, writeFiles } from './corpus-kit.js'

// SPEC 1.8 `aliases`: a note moved (or renamed) without an alias leaves its items' history under
// ids no note declares. validate names the alias to add; before, practice and due said nothing,
// and a person found the items reset (new again, their registration dates gone) with no word why.

describe('a note moved without an alias', () => {
  it('practice, due, grade and replay warn, naming an item, where its anchor stands now, and validate', async () => {
    const dir = makeCorpus({
      'internalise/deck.adoc': qandaNote('Deck', ['a', 'b']),
      [LOG]: logOf([
        ['deck#a', '2026-12-01', 'good'],
        ['deck#b', '2026-12-01', 'good'],
      ]),
    })
    const quiet = await run(dir, '2026-12-03', 'due')
    expect(quiet.stderr).not.toContain('reviews no note declares')
    renameSync(join(dir, 'internalise/deck.adoc'), join(dir, 'internalise/cards.adoc'))
    for (const command of ['due', 'replay']) {
      const result = await run(dir, '2026-12-03', command)
      expect(result.stderr, command).toContain(
        'notekeeper: warning: 2 items (deck#a first) have reviews no note declares, and the anchor of each stands in one other item (deck#a in cards#a): a note moved or renamed?',
      )
      expect(result.stderr, command).toContain('notekeeper validate names the aliases to add')
    }
  })

  it('says nothing once the aliases carry the reviews over, nor of a note that is only unread this time', async () => {
    const moved = makeCorpus({
      'internalise/cards.adoc': qandaNote('Cards', ['a', 'b']),
      ...config({ aliases: { 'deck#a': 'cards#a', 'deck#b': 'cards#b' } }),
      [LOG]: logOf([
        ['deck#a', '2026-12-01', 'good'],
        ['deck#b', '2026-12-01', 'good'],
      ]),
    })
    expect((await run(moved, '2026-12-03', 'due')).stderr).not.toContain('reviews no note declares')
    // deck.adoc is there, over the size limit: not read, so its reviews are not "unknown", and no
    // alias is to be added to the other note with the same anchor.
    const unread = makeCorpus({
      'internalise/deck.adoc': `${qandaNote('Deck', ['a', 'x'])}// ${'x'.repeat(300)}\n`,
      'internalise/cards.adoc': qandaNote('Cards', ['a']),
      [LOG]: logOf([['deck#a', '2026-12-01', 'good']]),
    })
    writeFiles(unread, config({ limits: { noteBytes: 200 } }))
    expect((await run(unread, '2026-12-03', 'due')).stderr).not.toContain('reviews no note declares')
    const validate = await run(unread, '2026-12-03', 'validate', '--dry-run', '--json')
    const rules = (JSON.parse(validate.stdout) as { findings: { rule: string }[] }).findings.map(f => f.rule)
    expect(rules).toContain('note-unreadable')
    expect(rules).not.toContain('log-unknown-item')
  })
})

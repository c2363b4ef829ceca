import { describe, expect, it } from 'vitest'
import { CONFIG, makeCorpus, run } from './corpus-kit.js'

// SPEC 3: exit status 2 "on bad usage, an unreadable corpus or config-invalid", for every command.

const COMMANDS = [['due'], ['triage'], ['hygiene'], ['backlinks', 'reference/x.adoc'], ['replay'], ['validate'], ['grade', 'a#b', 'good'], ['practice']]

describe('exit status 2', () => {
  for (const command of COMMANDS) {
    it(`${command[0]}: a corpus folder that does not exist, and a --today that is not YYYY-MM-DD`, async () => {
      expect((await run('/nonexistent/notekeeper-corpus', '2026-05-01', ...command)).code).toBe(2)
      expect((await run(makeCorpus({}), '2026-5-1', ...command)).code).toBe(2)
    })
  }

  for (const command of [['due'], ['triage'], ['hygiene'], ['practice'], ['replay'], ['validate']]) {
    it(`${command[0]}: an invalid config.json`, async () => {
      const result = await run(makeCorpus({ [CONFIG]: '{"scheduler":"x"}' }), '2026-05-01', ...command)
      expect(result.code).toBe(2)
    })
  }
})

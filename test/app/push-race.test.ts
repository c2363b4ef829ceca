import { describe, expect, it } from 'vitest'
import { lostRace } from '../../src/app/sync.js'

// What `git push --porcelain` prints when it loses a race, and when the remote says no (SPEC 4.3,
// item 2): a lost race fetches and merges again, a refusal is reported. The texts are git 2.39's.

describe('a push that lost a race', () => {
  it('is the remote branch moved since the fetch', () => {
    for (const why of ['fetch first', 'non-fast-forward'])
      expect(
        lostRace({ stdout: `To /r.git\n!\trefs/heads/main:refs/heads/main\t[rejected] (${why})\nDone\n`, stderr: '' }),
      ).toBe(true)
  })

  it('is a ref the remote could not lock at the commit it expected (a push that landed in between)', () => {
    const stdout = 'To /r.git\n!\tHEAD:refs/heads/main\t[remote rejected] (failed to update ref)\nDone\n'
    const stderr =
      "error: remote unpack ok\nremote: error: cannot lock ref 'refs/heads/main': is at 7600a1b2c3 but expected a8d5e6f7a9\n"
    expect(lostRace({ stdout, stderr })).toBe(true)
  })

  it('is the same lock failure as GitHub words it, in the status line itself', () => {
    const stdout =
      'To https://github.com/me/notes.git\n' +
      "!\tHEAD:refs/heads/main\t[remote rejected] (cannot lock ref 'refs/heads/main': is at 66941e6196 but expected cdec69331c)\n" +
      'Done\n'
    expect(lostRace({ stdout, stderr: "error: failed to push some refs to 'https://github.com/me/notes.git'\n" })).toBe(
      true,
    )
  })

  it('is not the remote’s own no: a hook, a protected branch, a ref it cannot write for another reason', () => {
    const hook = 'To /r.git\n!\tHEAD:refs/heads/main\t[remote rejected] (pre-receive hook declined)\nDone\n'
    expect(lostRace({ stdout: hook, stderr: 'remote: no pushes on Fridays\n' })).toBe(false)
    const ref = 'To /r.git\n!\tHEAD:refs/heads/main\t[remote rejected] (failed to update ref)\nDone\n'
    expect(
      lostRace({ stdout: ref, stderr: "remote: error: cannot lock ref 'refs/heads/main': Permission denied\n" }),
    ).toBe(false)
  })
})

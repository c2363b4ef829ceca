import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { optionsOf } from '../../src/cli/args.js'
import { COMMANDS } from '../../src/cli/registry.js'
import { cli } from '../support/cli.js'

/** What the bash script offers for a command line whose last word is being typed. */
function bashComplete(script: string, words: string[]): string[] {
  const program = `${script}
COMP_WORDS=(${words.map(w => `'${w}'`).join(' ')})
COMP_CWORD=${words.length - 1}
_notekeeper
printf '%s\\n' "\${COMPREPLY[@]}"`
  const result = spawnSync('bash', ['--norc', '--noprofile', '-c', program], { encoding: 'utf8' })
  expect(result.status, result.stderr).toBe(0)
  return result.stdout.split('\n').filter(Boolean)
}

describe('notekeeper completion', () => {
  it('bash: the script, run by bash, completes commands and each command its own options', async () => {
    const result = await cli(['completion', 'bash'])
    expect(result.code).toBe(0)
    const script = result.stdout
    expect(bashComplete(script, ['notekeeper', 'va'])).toEqual(['validate'])
    expect(bashComplete(script, ['notekeeper', 'validate', '--d'])).toEqual(['--dry-run'])
    expect(bashComplete(script, ['notekeeper', '--corpus', 'x', 'hygiene', '--o'])).toEqual(['--online', '--out'])
    expect(bashComplete(script, ['notekeeper', 'practice', '--'])).not.toContain('--json')
    for (const spec of COMMANDS)
      expect(bashComplete(script, ['notekeeper', spec.name, '--']).sort()).toEqual(
        Object.keys(optionsOf(spec))
          .map(name => `--${name}`)
          .sort(),
      )
  })

  it('zsh and fish: every command and every option of each is in the script', async () => {
    for (const shell of ['zsh', 'fish']) {
      const { code, stdout } = await cli(['completion', shell])
      expect(code).toBe(0)
      for (const spec of COMMANDS) {
        expect(stdout, `${shell} ${spec.name}`).toContain(spec.name)
        for (const option of Object.keys(optionsOf(spec)))
          expect(stdout, `${shell} ${spec.name} --${option}`).toMatch(
            new RegExp(
              shell === 'fish' ? `from ${spec.name}' -l ${option}\\b` : `${spec.name}\\) _arguments .*'--${option}\\[`,
            ),
          )
      }
    }
    expect((await cli(['completion', 'zsh'])).stdout.startsWith('#compdef notekeeper\n')).toBe(true)
  })

  it('refuses another shell (exit 2)', async () => {
    const result = await cli(['completion', 'tcsh'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^notekeeper: completion: "tcsh" is not one of bash, zsh, fish/)
  })
})

import { access } from 'node:fs/promises'
import { resolve } from 'node:path'
import { type Git, GitMissingError, type GitResult } from '../ports/git.js'

/**
 * The real `git` program, run in `folder`. `core.quotepath=off` keeps non-ASCII file names as
 * they are in what git prints, so that messages name the files a person sees. `core.safecrlf`
 * is set to git's own default, `warn`: with `core.autocrlf=true` (Git for Windows) and
 * `core.safecrlf=true`, git refuses to add a file with LF line ends, and Notekeeper writes the
 * log, the state and its merges with LF, so sync could never commit a review on that device. The
 * committed bytes are the same either way (LF); only the work tree's line ends differ, which sync
 * reads `\r` aside (ADR 0038).
 */
export function gitProcess(folder: string): Git {
  const git: Git = {
    async run(args, options = {}) {
      // Loaded at the first git command, not at every start of the CLI (2 MB, and its load time).
      const { execFile } = await import('node:child_process')
      return new Promise<GitResult>((resolve, reject) => {
        execFile(
          'git',
          ['-c', 'core.quotepath=off', '-c', 'core.safecrlf=warn', ...args],
          // Git's messages in English whatever the locale: sync reads some of them (a lost race, a
          // merge git would not begin), and a translated one was taken for another failure.
          { cwd: folder, env: { ...process.env, LC_ALL: 'C', ...options.env }, maxBuffer: 1 << 30, encoding: 'utf8' },
          (error, stdout, stderr) => {
            if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
              reject(new GitMissingError('git is not installed (or not on PATH); install it, e.g. apt-get install git'))
              return
            }
            const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
            resolve({ code, stdout, stderr })
          },
        )
      })
    },
    async hasGitPath(name) {
      const result = await git.run(['rev-parse', '--git-path', name])
      if (result.code !== 0) return false
      // Printed relative to the folder git ran in (`../.git/rebase-merge` from a corpus below the top).
      return access(resolve(folder, result.stdout.trim())).then(
        () => true,
        () => false,
      )
    },
  }
  return git
}

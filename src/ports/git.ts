/**
 * Git, run in the corpus folder (ADR 0019). The app layer asks git to do the work (commit,
 * fetch, merge, push) and never reimplements it; an adapter runs the real `git` program.
 */
export interface Git {
  /** Runs `git ARGS` in the corpus folder. A non-zero exit is a result, not a failure. */
  run(args: readonly string[], options?: { env?: Readonly<Record<string, string>> }): Promise<GitResult>
  /**
   * Whether the repository's own folder holds `name` (`git rev-parse --git-path NAME`): git says
   * that a rebase is under way only by its `rebase-merge` or `rebase-apply` folder there.
   */
  hasGitPath(name: string): Promise<boolean>
}

export interface GitResult {
  code: number
  stdout: string
  stderr: string
}

/** Git itself could not be started (not installed), named with what was tried. */
export class GitMissingError extends Error {
  override name = 'GitMissingError'
}

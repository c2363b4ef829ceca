import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { median, row, seconds, verdict } from './measure.js'

// The command line measured from outside, as a person (or an independent check) runs it on the
// benchmark's corpus: wall time and peak memory (maxRSS) of whole `notekeeper` processes, read by
// GNU time, with the user's cache folder pointed at a fresh temp folder. The rows the issue's
// targets are checked against from outside: a second `validate` against the first (nothing must
// be done twice), `replay`'s peak memory (first run and warm), and the cost of one grade in a
// piped `practice`.

const TIME = '/usr/bin/time'
/** Peak memory of index + replay (issue 13). */
const PEAK_TARGET_MB = 150
/** Grade to next prompt in a long-lived process (issue 13), here as the cost per piped grade. */
const GRADE_TARGET_MS = 16
/** Grades in the longer piped practice run (far fewer than the bench's corpus has due). */
const PIPED_GRADES = 201

interface Run {
  ms: number
  maxRssMb: number
  status: number | null
}

/** `corpusDir` must hold the log; `practice` appends to it, so this step runs last on that corpus. */
export function cliStep(corpusDir: string, today: string): void {
  console.log('\nthe CLI from outside (fresh processes, GNU time; the cache folder starts empty):')
  if (!existsSync(TIME)) {
    console.log(`\n  !!! ${TIME} is missing (Debian package "time"): the CLI rows are not measured !!!\n`)
    return
  }
  const cli = join(dirname(process.argv[1] ?? ''), 'notekeeper.js')
  const cache = mkdtempSync(join(tmpdir(), 'notekeeper-bench-cache-'))
  const env = { ...process.env, XDG_CACHE_HOME: cache, NO_COLOR: '1' }
  const run = (args: string[], input = '', cacheHome = cache): Run => {
    const child = spawnSync(TIME, ['-f', '%e %M', process.execPath, cli, ...args, '--today', today], {
      cwd: corpusDir,
      env: { ...env, XDG_CACHE_HOME: cacheHome },
      input,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    })
    const last = child.stderr.trim().split('\n').pop() ?? ''
    const [elapsed, kb] = last.split(' ').map(Number)
    if (elapsed === undefined || kb === undefined || Number.isNaN(elapsed) || Number.isNaN(kb))
      throw new Error(`notekeeper ${args.join(' ')} gave no timing: ${child.stderr.slice(-400)}`)
    return { ms: elapsed * 1000, maxRssMb: kb / 1024, status: child.status }
  }
  try {
    const first = run(['validate'])
    const second = [run(['validate']), run(['validate'])]
    const warmMs = median(second.map(r => r.ms))
    row('notekeeper validate, first run', seconds(first.ms), '', '', '', '', `exit ${first.status}, ${mb(first)}`)
    row(
      'notekeeper validate, again (cache)',
      seconds(warmMs),
      '',
      '',
      `${((100 * warmMs) / first.ms).toFixed(0)} %`,
      '≤ 25 %',
      `${verdict(warmMs <= first.ms / 4)}, ${mb(second[0] as Run)}`,
    )
    // Replay is index + replay as a person runs it: its first run (a cache folder of its own,
    // empty) and warm runs (the folder validate filled). Validate does more (every check, the
    // report): its peak is shown beside, without a target of its own.
    const fresh = mkdtempSync(join(tmpdir(), 'notekeeper-bench-cache-'))
    const replayFirst = (() => {
      try {
        return run(['replay'], '', fresh)
      } finally {
        rmSync(fresh, { recursive: true, force: true })
      }
    })()
    const replays = [run(['replay']), run(['replay'])]
    const replayPeak = Math.max(...replays.map(r => r.maxRssMb))
    row('notekeeper replay', seconds(median(replays.map(r => r.ms))), '', '', '', '', `exit ${replays[0]?.status}`)
    row(
      '  peak memory of replay, first run',
      mb(replayFirst),
      '',
      '',
      '',
      `≤ ${PEAK_TARGET_MB} MB`,
      `${verdict(replayFirst.maxRssMb <= PEAK_TARGET_MB)} (${seconds(replayFirst.ms)})`,
    )
    row(
      '  peak memory of replay, warm',
      `${replayPeak.toFixed(0)} MB`,
      '',
      '',
      '',
      `≤ ${PEAK_TARGET_MB} MB`,
      verdict(replayPeak <= PEAK_TARGET_MB),
    )
    const validatePeak = Math.max(first.maxRssMb, ...second.map(r => r.maxRssMb))
    row('  peak memory of validate (no target)', `${validatePeak.toFixed(0)} MB`, '', '', '', '', '')
    // Piped practice: an empty answer and "3" (good) per card. The cost of one grade is the
    // difference between 201 grades and 1, over 200: loading and the summary cancel out. A start
    // moves by 0.1-0.2 s from run to run here, 0.5-1 ms a grade at 200 (it was 5-10 ms at 20, so
    // that one pair could read 7 or 23 ms), and the median of three pairs is taken.
    const grades = (n: number): string => '\n3\n'.repeat(n)
    const pairs = Array.from({ length: 3 }, () => ({
      one: run(['practice'], grades(1)),
      many: run(['practice'], grades(PIPED_GRADES)),
    }))
    const perGrade = median(pairs.map(({ one, many }) => (many.ms - one.ms) / (PIPED_GRADES - 1)))
    const each = pairs.map(({ one, many }) => `${seconds(one.ms)} / ${seconds(many.ms)}`).join(', ')
    row(
      `piped practice, per grade (${PIPED_GRADES} − 1, / ${PIPED_GRADES - 1})`,
      `${perGrade.toFixed(1)} ms`,
      '',
      '',
      '',
      `≤ ${GRADE_TARGET_MS} ms`,
      `${verdict(perGrade <= GRADE_TARGET_MS)} (1 / ${PIPED_GRADES} grades, three pairs: ${each}; ${mb(pairs[0]?.many as Run)})`,
    )
  } finally {
    rmSync(cache, { recursive: true, force: true })
  }
}

const mb = (run: Run): string => `${run.maxRssMb.toFixed(0)} MB`

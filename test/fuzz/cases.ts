import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import nodePath from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../src/core/dates.js'
import { type BuiltCli, buildCli } from '../spec/built-cli.js'
import { type Corpus, exampleCorpus, expectOutsideUntouched, expectSane, ITEM, litter, on, runCli } from './harness.js'

// The cases of issue 15's "Why" list, through the built CLI in real processes. `quick.test.ts`
// runs them with few generated inputs inside `npm test`; `npm run test:fuzz` runs them with many,
// plus the hostile notes of the scanner's own cases (full.fuzz.ts).

const LOG = 'internalise/.srs/log.jsonl'
const STATE = 'internalise/.srs/state.json'
const CONFIG = 'internalise/.srs/config.json'
const LOCK = 'internalise/.srs/log.lock'
const TRACK = 'track/home.adoc'

export interface Scale {
  /** fast-check runs per generated kind. */
  runs: number
  /** The quick subset (npm test): one representative of each family of cases. */
  quick: boolean
}

let built: BuiltCli | undefined
export const bin = (): string => {
  if (!built) throw new Error('the CLI is not built')
  return built.bin
}

export function buildOnce(): void {
  beforeAll(async () => {
    built = await buildCli()
  }, 120_000)
  afterAll(() => built?.remove())
}

/** Runs `test` on a fresh example corpus, then checks that nothing outside it changed. */
async function withCorpus(test: (corpus: Corpus) => Promise<void>): Promise<void> {
  const corpus = exampleCorpus()
  try {
    await test(corpus)
    expectOutsideUntouched(corpus)
  } finally {
    corpus.remove()
  }
}

const appendLine = (corpus: Corpus, line: string): void => fs.appendFileSync(corpus.path(LOG), `${line}\n`)

export function dateCases(scale: Scale): void {
  describe('dates outside the supported range', () => {
    it('grade --date 9999-12-31 refuses up front: exit 2, one sentence, nothing written', () =>
      withCorpus(async corpus => {
        const before = fs.readFileSync(corpus.path(LOG))
        const run = await runCli(bin(), on(corpus, 'grade', ITEM, 'easy', '--date', '9999-12-31'))
        expectSane(run, [2])
        expect(run.stderr).toMatch(/--date 9999-12-31 is outside the supported range 1900-01-01 to 2999-12-31/)
        expect(fs.readFileSync(corpus.path(LOG))).toEqual(before)
      }))

    it('--today 9999-12-31 is refused with exit 2', () =>
      withCorpus(async corpus => {
        const run = await runCli(bin(), ['due', '--corpus', corpus.root, '--today', '9999-12-31'])
        expectSane(run, [2])
        expect(run.stderr).toMatch(/9999-12-31 is outside the supported range/)
      }))

    it.each(scale.quick ? ['9999-12-31'] : ['9999-12-31', '0001-01-01', '3000-01-01', '1899-12-31', '2999-12-31'])(
      'a log line dated %s, whatever wrote it, never bricks the corpus: due, validate, replay, grade all work',
      date =>
        withCorpus(async corpus => {
          appendLine(corpus, `{"item":"${ITEM}","date":"${date}","grade":"easy"}`)
          const line = fs.readFileSync(corpus.path(LOG), 'utf8').trimEnd().split('\n').length
          const [due, validate, replay] = await Promise.all([
            runCli(bin(), on(corpus, 'due', '--json')),
            runCli(bin(), on(corpus, 'validate', '--json', '--dry-run')),
            runCli(bin(), on(corpus, 'replay')),
          ])
          for (const run of [due, validate, replay]) expectSane(run, [0, 1])
          const findings = (JSON.parse(validate.stdout) as { findings: Array<{ rule: string; line?: number }> })
            .findings
          const onTheLine = findings.filter(finding => finding.line === line).map(finding => finding.rule)
          expect(onTheLine).toEqual(date === '2999-12-31' ? ['log-future-date'] : ['log-malformed'])
          // grade still works (today: a --date after today is refused, SPEC 3)
          expectSane(await runCli(bin(), on(corpus, 'grade', ITEM, 'good')), [0])
          expectSane(await runCli(bin(), on(corpus, 'due', '--json')), [0])
        }),
    )
  })
}

const fifo = (path: string): void => {
  execFileSync('mkfifo', [path])
}

export function specialFileCases(scale: Scale): void {
  describe('special files never hang a command', () => {
    it.each(scale.quick ? [LOG, LOCK] : [LOG, STATE, CONFIG, LOCK, TRACK])(
      'a named pipe as %s: due, grade and triage finish with a sentence, and the pipe is left',
      path =>
        withCorpus(async corpus => {
          fs.rmSync(corpus.path(path), { force: true })
          fifo(corpus.path(path))
          const commands = [
            ['due', '--json'],
            ['grade', ITEM, 'good'],
            ['triage', 'promote', `${TRACK}:14`],
            ['validate', '--json'],
          ]
          const runs = await Promise.all(
            (scale.quick ? commands.slice(0, 2) : commands).map(args => runCli(bin(), on(corpus, ...args), 10_000)),
          )
          for (const run of runs) {
            expectSane(run)
            if (run.code === 2) expect(run.stderr).toContain(path)
          }
          if (path !== TRACK || !scale.quick) expect(runs.some(run => run.stderr.includes('named pipe'))).toBe(true)
          expect(fs.lstatSync(corpus.path(path)).isFIFO()).toBe(true)
        }),
    )

    it('a dangling symlink as the lock: grade says so at once (no 30 s wait) and leaves it', () =>
      withCorpus(async corpus => {
        fs.symlinkSync(corpus.path('internalise/.srs/nowhere'), corpus.path(LOCK))
        const run = await runCli(bin(), on(corpus, 'grade', ITEM, 'good'), 10_000)
        expectSane(run, [2])
        expect(run.stderr).toMatch(/log\.lock.*symbolic link that leads nowhere/)
        expect(run.ms).toBeLessThan(8_000)
        expect(fs.lstatSync(corpus.path(LOCK)).isSymbolicLink()).toBe(true)
      }))
  })
}

export function escapeCases(scale: Scale): void {
  describe('no write outside the corpus', () => {
    it('state.json as a link to a file outside: replay and grade refuse, the file is untouched', () =>
      withCorpus(async corpus => {
        fs.rmSync(corpus.path(STATE), { force: true })
        fs.symlinkSync(nodePath.join(corpus.outside, 'victim.adoc'), corpus.path(STATE))
        for (const args of scale.quick ? [['replay']] : [['replay'], ['grade', ITEM, 'good'], ['validate']]) {
          const run = await runCli(bin(), on(corpus, ...args))
          expectSane(run, [2])
          expect(run.stderr).toContain(STATE)
        }
      }))

    it('a Track note linked to a file outside: triage edits refuse it', () =>
      withCorpus(async corpus => {
        fs.rmSync(corpus.path(TRACK))
        fs.symlinkSync(nodePath.join(corpus.outside, 'victim.adoc'), corpus.path(TRACK))
        const run = await runCli(bin(), on(corpus, 'triage', 'add', TRACK, 'Now', 'pwned'))
        expectSane(run, [1, 2])
      }))

    it('the .srs folder linked to a folder outside: grade writes nothing out there', () =>
      withCorpus(async corpus => {
        fs.rmSync(corpus.path('internalise/.srs'), { recursive: true })
        fs.mkdirSync(nodePath.join(corpus.outside, 'srs'))
        fs.symlinkSync(nodePath.join(corpus.outside, 'srs'), corpus.path('internalise/.srs'))
        for (const args of scale.quick
          ? [['grade', ITEM, 'good']]
          : [['grade', ITEM, 'good'], ['replay'], ['schedulers', '--use', 'sm2']]) {
          const run = await runCli(bin(), on(corpus, ...args))
          expectSane(run, [2])
        }
        expect(fs.readdirSync(nodePath.join(corpus.outside, 'srs'))).toEqual([])
        fs.rmdirSync(nodePath.join(corpus.outside, 'srs'))
      }))
  })
}

// Generated inputs: log lines, configs and notes as a hand, a merge or another tool could leave them.
/** Any date a `YYYY-MM-DD` string can hold, 0000-01-01 to 9999-12-31, the range's edges often. */
const anyDate = fc.oneof(
  fc.integer({ min: 0, max: 3_652_424 }).map(n => addDays('0000-01-01', n)),
  fc.constantFrom('9999-12-31', '2999-12-31', '3000-01-01', '1899-12-31', '1900-01-01'),
)
const logLine = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(ITEM, 'english#need-action', 'nobody#x', ''),
      anyDate,
      fc.constantFrom('again', 'hard', 'good', 'easy', 'meh'),
    )
    .map(([item, date, grade]) => JSON.stringify({ item, date, grade })),
  fc.json(),
  fc.string({ unit: 'binary', maxLength: 60 }).map(s => s.replace(/\n/g, ' ')),
)
const config = fc.oneof(
  fc
    .record(
      {
        scheduler: fc.oneof(fc.constantFrom('leitner', 'fsrs', 'sm2', 'passfail', 'nope'), fc.jsonValue()),
        fsrs: fc.oneof(
          fc.record({ retention: fc.double(), weights: fc.array(fc.double(), { maxLength: 22 }) }),
          fc.jsonValue(),
        ),
        leechThreshold: fc.oneof(fc.integer(), fc.jsonValue()),
      },
      { requiredKeys: [] },
    )
    .map(value => JSON.stringify(value)),
  fc.json(),
  fc.string({ maxLength: 40 }),
)
const noteFragment = fc.constantFrom(
  '= Title\n',
  ':intent: internalise\n',
  ':intent: track\n',
  ':a: {a}{a}\n',
  '{a}\n',
  '[.item#q1]\n',
  '====\n',
  '----\n',
  '****\n',
  '|===\n',
  '* item\n',
  '** deeper\n',
  '. one\n',
  '== Now\n',
  '== Done\n',
  'xref:missing.adoc[x]\n',
  '<<nowhere>>\n',
  'image:x.png[]\n',
  '[[a,\n',
  'ifdef::x[]\n',
  'endif::[]\n',
  'include::../../etc/passwd[]\n',
  ':reviewed: 9999-12-31\n',
  'Q:: A\n',
  '\n',
)
const note = fc
  .array(fc.oneof(noteFragment, fc.string({ maxLength: 30 })), { maxLength: 40 })
  .map(parts => parts.join(''))

export function generatedCases(scale: Scale): void {
  describe('generated logs, configs and notes', () => {
    it('any log: due, validate and grade keep the contract', () =>
      fc.assert(
        fc.asyncProperty(fc.array(logLine, { maxLength: 12 }), lines =>
          withCorpus(async corpus => {
            fs.appendFileSync(corpus.path(LOG), lines.map(line => `${line}\n`).join(''))
            const runs = await Promise.all([
              runCli(bin(), on(corpus, 'due', '--json')),
              runCli(bin(), on(corpus, 'validate', '--json')),
              runCli(bin(), on(corpus, 'grade', ITEM, 'hard')),
            ])
            for (const run of runs) expectSane(run, [0, 1])
            expect(litter(corpus.root)).toEqual([])
          }),
        ),
        { numRuns: scale.runs },
      ))

    it('any config: every command exits 0, 1 or 2 with a sentence', () =>
      fc.assert(
        fc.asyncProperty(config, text =>
          withCorpus(async corpus => {
            fs.writeFileSync(corpus.path(CONFIG), text)
            const runs = await Promise.all([
              runCli(bin(), on(corpus, 'due', '--json')),
              runCli(bin(), on(corpus, 'grade', ITEM, 'good')),
              runCli(bin(), on(corpus, 'backlinks', 'internalise/english.adoc', '--json')),
            ])
            for (const run of runs) expectSane(run)
          }),
        ),
        { numRuns: scale.runs },
      ))

    it('any note, as an Internalise and a Track note: validate, due, hygiene and triage keep the contract', () =>
      fc.assert(
        fc.asyncProperty(note, text =>
          withCorpus(async corpus => {
            fs.writeFileSync(corpus.path('internalise/fuzz.adoc'), text)
            fs.writeFileSync(corpus.path('track/fuzz.adoc'), `= Fuzz\n:intent: track\n\n${text}`)
            const runs = await Promise.all([
              runCli(bin(), on(corpus, 'validate', '--json', '--dry-run')),
              runCli(bin(), on(corpus, 'due', '--json')),
              runCli(bin(), on(corpus, 'hygiene', '--json')),
              runCli(bin(), on(corpus, 'triage', 'add', 'track/fuzz.adoc', 'Now', 'fuzzed')),
            ])
            for (const run of runs) expectSane(run)
          }),
        ),
        { numRuns: scale.runs },
      ))
  })
}

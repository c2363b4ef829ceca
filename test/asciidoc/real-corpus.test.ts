// The scanner against Asciidoctor 4.1 on real AsciiDoc nobody here wrote: every `.adoc` of the
// shared corpus of public repositories (never copied into this repository). It prints the rate of
// files on which both agree (header, ids, sections, items) and the files that disagree, grouped
// by kind, and fails below 99 %. Without the corpus it says so loudly; NOTEKEEPER_REQUIRE_CORPUS=1
// (set by CI where the corpus is present) turns that into a failure.

import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { scanNote } from '../../src/core/asciidoc/scan.js'
import { adocFiles, realCorpusFolder, realCorpusRequired } from '../support/real-corpus.js'
import { type Disagreement, type DisagreementKind, disagreements } from './agreement.js'
import { asciidoctorView } from './asciidoctor-view.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The suite runs once per time zone; nothing the scanner or Asciidoctor reads here depends on it
 * (the clock attributes are left out of the comparison), so the whole corpus is compared under
 * UTC only and every tenth file under any other zone: the suite stays fast on 2 cores.
 */
const EVERY = process.env['TZ'] === 'UTC' ? 1 : 10

const { folder, candidates } = realCorpusFolder()
const required = realCorpusRequired()

describe('the scanner agrees with Asciidoctor 4.1 on the real corpus', () => {
  if (folder === '') {
    const where = candidates.map(c => relative(root, c) || c).join(' or ')
    if (required) {
      it(`real-corpus differential: NOTEKEEPER_REQUIRE_CORPUS=1 but no ${where}`, () => {
        expect.fail(`the real corpus is required and absent (looked in ${candidates.join(', ')})`)
      })
    } else {
      it(`real-corpus differential skipped: no ${where}`, () => {
        console.warn(`!!! real-corpus differential SKIPPED: no ${candidates.join(' or ')}`)
      })
    }
    return
  }

  it(`agrees on at least 99 % of ${relative(root, folder) || folder}${EVERY > 1 ? ` (every ${EVERY}th file)` : ''}`, async () => {
    const files = adocFiles(folder).filter((_, index) => index % EVERY === 0)
    expect(files.length).toBeGreaterThan(100 / EVERY)
    const byKind = new Map<DisagreementKind | 'error', string[]>()
    let agreeing = 0
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      const docname = file.replace(/^.*\//, '').replace(/\.adoc$/, '')
      let found: Disagreement[]
      try {
        const view = await asciidoctorView(text, docname)
        found = disagreements(scanNote(`internalise/${docname}.adoc`, text), view, text)
      } catch (error) {
        found = [{ kind: 'error' as DisagreementKind, detail: String(error) }]
      }
      if (found.length === 0) agreeing++
      for (const d of found) {
        const list = byKind.get(d.kind) ?? []
        list.push(`${relative(folder, file)}: ${d.detail}`)
        byKind.set(d.kind, list)
      }
    }
    const rate = (100 * agreeing) / files.length
    const report = [`real corpus: ${agreeing}/${files.length} files agree (${rate.toFixed(2)} %)`]
    for (const [kind, list] of [...byKind].sort()) {
      report.push(`  ${kind}: ${list.length} file(s)`)
      for (const line of list) report.push(`    ${line}`)
    }
    console.log(report.join('\n'))
    expect(rate, report.join('\n')).toBeGreaterThanOrEqual(99)
  }, 240_000)
})

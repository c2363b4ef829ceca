import type { BatchBlock, PluginHost } from '../host/host.js'

/** A generated page's content: a header block, with everything else nested under it. */
export interface GeneratedPage {
  name: string
  header: string
  children: BatchBlock[]
}

/**
 * No `/` in a name: on 2.x (DB graphs) a page title cannot hold one, `createPage('A/B')` makes a
 * page `B` under a parent `A`, and no call finds `A/B` by name afterwards (a name is looked up by
 * `:block/name`), so each run would add its blocks again instead of replacing them. Plain names
 * resolve the same way on both lines.
 */
export const PAGE_NAMES = {
  hygiene: 'Notekeeper Hygiene report',
  validation: 'Notekeeper Validation report',
  triage: 'Notekeeper Triage',
  schedulers: 'Notekeeper Schedulers',
  statistics: 'Notekeeper Statistics',
} as const

/**
 * Regenerates a page: created without redirect or first block when missing, every old top-level
 * block removed, then the header appended and the rest inserted under it (the insert pattern
 * that avoids insertBatchBlock's stray-bullet and ordering defects, logseq/logseq#10871 and #10870).
 */
export async function writeGeneratedPage(host: PluginHost, page: GeneratedPage): Promise<void> {
  const { format } = await host.ensurePage(page.name)
  // A page the user made in Org before (0.10): its blocks are Org, where a code span is no code span.
  if (format === 'org') throw orgPage(page.name)
  for (const block of await host.pageTopBlocks(page.name)) await host.removeBlock(block.uuid)
  const root = await host.appendBlockInPage(page.name, page.header)
  if (!root) throw new Error(`Logseq did not add the header block to the page "${page.name}"`)
  // A page known only from a reference (0.10) answers no format, and Logseq writes its blocks in
  // the user's preferred one (db/get-page-format): the header, our own text, shows which before
  // any note text goes in; in Org it is taken back.
  if (root.format === 'org') {
    await host.removeBlock(root.uuid)
    throw orgPage(page.name)
  }
  await host.insertChildren(root.uuid, page.children)
}

function orgPage(name: string): Error {
  return new Error(
    `the page "${name}" is an Org page; Notekeeper writes its pages in Markdown (note text is safe only in Markdown code spans): delete the page and run the command again`,
  )
}

/** `2026-05-30 14:05 UTC`: the run's time for a page header, in one fixed zone so it never varies by machine. */
export function stamp(now: Date): string {
  return now.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'
}

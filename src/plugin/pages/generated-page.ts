import type { BatchBlock, PluginHost } from '../host/host.js'

/** A generated page's content: a header block, with everything else nested under it. */
export interface GeneratedPage {
  name: string
  header: string
  children: BatchBlock[]
}

export const PAGE_NAMES = {
  hygiene: 'Notekeeper/Hygiene report',
  validation: 'Notekeeper/Validation report',
  triage: 'Notekeeper/Triage',
  schedulers: 'Notekeeper/Schedulers',
} as const

/**
 * Regenerates a page: created without redirect or first block when missing, every old top-level
 * block removed, then the header appended and the rest inserted under it (the insert pattern
 * that avoids insertBatchBlock's stray-bullet and ordering defects, logseq/logseq#10871 and #10870).
 */
export async function writeGeneratedPage(host: PluginHost, page: GeneratedPage): Promise<void> {
  await host.ensurePage(page.name)
  for (const block of await host.pageTopBlocks(page.name)) await host.removeBlock(block.uuid)
  const root = await host.appendBlockInPage(page.name, page.header)
  if (!root) throw new Error(`Logseq did not add the header block to the page "${page.name}"`)
  await host.insertChildren(root.uuid, page.children)
}

/** `2026-05-30 14:05 UTC`: the run's time for a page header, in one fixed zone so it never varies by machine. */
export function stamp(now: Date): string {
  return now.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'
}

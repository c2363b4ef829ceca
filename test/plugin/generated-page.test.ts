import { describe, expect, it } from 'vitest'
import { stamp, writeGeneratedPage } from '../../src/plugin/pages/generated-page.js'
import { fakeHost } from './fake-host.js'

describe('regenerating a page', () => {
  it('replaces the old content: one header with the new children, nothing left from the last run', async () => {
    const host = fakeHost()
    await writeGeneratedPage(host, {
      name: 'Notekeeper X',
      header: 'run 1',
      children: [{ content: 'a', children: [{ content: 'a.1' }] }],
    })
    await writeGeneratedPage(host, { name: 'Notekeeper X', header: 'run 2', children: [{ content: 'b' }] })
    expect(host.contents('Notekeeper X')).toEqual(['run 2', 'b'])
  })

  it('fails loudly when Logseq does not add the header block', async () => {
    const host = fakeHost()
    host.appendBlockInPage = async () => null
    await expect(writeGeneratedPage(host, { name: 'Notekeeper X', header: 'h', children: [] })).rejects.toThrow(
      'Logseq did not add the header block to the page "Notekeeper X"',
    )
  })

  it('refuses to write into an Org page (0.10), where a backtick is no code span and note text would become markup', async () => {
    const host = fakeHost()
    host.formats.set('Notekeeper X', 'org')
    await expect(writeGeneratedPage(host, { name: 'Notekeeper X', header: 'h', children: [] })).rejects.toThrow(
      /the page "Notekeeper X" is an Org page/,
    )
    expect(host.contents('Notekeeper X')).toEqual([])
  })

  it('refuses, and takes its header back, when Logseq writes the blocks in Org though the page named no format', async () => {
    // 0.10: a page known only from a reference has no format of its own; its blocks take the
    // user's preferred one (db/get-page-format), Org for some, where a code span is no code span.
    const host = fakeHost()
    host.formats.set('Notekeeper X', null)
    host.blockFormats.set('Notekeeper X', 'org')
    await expect(
      writeGeneratedPage(host, { name: 'Notekeeper X', header: 'h', children: [{ content: 'At `[[x]]`' }] }),
    ).rejects.toThrow(/the page "Notekeeper X" is an Org page/)
    expect(host.contents('Notekeeper X')).toEqual([])
  })

  it("stamps the run in UTC whatever the machine's zone", () => {
    expect(stamp(new Date(Date.UTC(2026, 11, 31, 23, 59, 30)))).toBe('2026-12-31 23:59 UTC')
  })
})

import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { inflateRawSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserOrSkip, checkout, launchChromium } from './faithful-host/build.js'
import { readCorpus } from './faithful-host/corpus.js'
import { type FaithfulHost, LINES, startFaithfulHost } from './faithful-host/index.js'

/** The entries of a zip, read from its central directory (what Logseq's installer unpacks). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const files = new Map<string, Buffer>()
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10)
    const size = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const raw = zip.subarray(start, start + size)
    files.set(name, method === 8 ? inflateRawSync(raw) : raw)
    at += 46 + nameLength + extra
  }
  return files
}

if (browserOrSkip()) {
  describe('npm run package: the release zip', () => {
    let work = ''
    let files = new Map<string, Buffer>()
    let host: FaithfulHost
    let browser: Browser

    beforeAll(async () => {
      work = mkdtempSync(join(tmpdir(), 'notekeeper-release-'))
      const zipPath = join(work, 'notekeeper.zip')
      execFileSync('npm', ['run', '--silent', 'package', '--', zipPath], { cwd: checkout, stdio: 'pipe' })
      files = unzip(readFileSync(zipPath))
      for (const [name, data] of files) {
        mkdirSync(dirname(join(work, 'unpacked', name)), { recursive: true })
        writeFileSync(join(work, 'unpacked', name), data)
      }
      const main = (JSON.parse(files.get('package.json')!.toString('utf8')) as { main: string }).main
      host = await startFaithfulHost(join(work, 'unpacked', dirname(main)))
      browser = await launchChromium()
    })
    afterAll(async () => {
      await browser?.close()
      await host?.close()
      if (work) rmSync(work, { recursive: true, force: true })
    })

    it('holds package.json at its root, dist/ without the CLI or source maps, icon, README and LICENSE', () => {
      const names = [...files.keys()]
      expect(names).toEqual(
        expect.arrayContaining(['package.json', 'icon.png', 'README.md', 'LICENSE', 'dist/index.html']),
      )
      expect(names.filter(n => n.endsWith('.map') || n.startsWith('dist/cli/') || n.startsWith('src/'))).toEqual([])
      const pkg = JSON.parse(files.get('package.json')!.toString('utf8')) as Record<string, unknown>
      expect(pkg).toMatchObject({ main: 'dist/index.html', effect: true, logseq: { id: 'notekeeper' }, license: 'MIT' })
      expect(files.get('LICENSE')!.toString('utf8')).toMatch(/^MIT License/)
    })

    for (const line of LINES)
      it(`loads from the unpacked zip in the faithful host (${line}) and indexes the example corpus`, async () => {
        const s = await host.open(browser, {
          line,
          corpus: readCorpus(join(checkout, 'examples/corpus')),
          today: '2026-12-05',
        })
        expect(await s.message(/^Notekeeper: indexed/)).toMatch(/; 4 due today$/)
        expect(Object.keys((await s.state()).slash)).toContain('practice')
        await s.close()
      })
  })
}

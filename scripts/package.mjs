#!/usr/bin/env node
// `npm run package`: the release zip Logseq's installer takes (electron/plugin.cljs 141-148: the
// first .zip asset of a GitHub release, package.json at its root). It holds package.json, the
// plugin build (dist/index.html and dist/assets/, without source maps and without the CLI),
// icon.png, README.md and LICENSE. Usage: node scripts/package.mjs [output.zip]
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { crc32, deflateRawSync } from 'node:zlib'
import { build } from 'vite'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const out = resolve(process.argv[2] ?? join(root, 'release', `notekeeper-${pkg.version}.zip`))

const staging = mkdtempSync(join(tmpdir(), 'notekeeper-package-'))
try {
  await build({
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: join(staging, 'dist'), emptyOutDir: true, sourcemap: false },
  })
  // The installed package.json: what Logseq reads (id, main, icon, effect), nothing for npm.
  const installed = {
    name: pkg.name,
    version: pkg.version,
    title: pkg.title,
    description: pkg.description,
    author: pkg.author,
    repository: pkg.repository,
    license: pkg.license,
    main: pkg.main,
    icon: pkg.icon,
    effect: pkg.effect,
    logseq: pkg.logseq,
  }
  const entries = [
    ['package.json', Buffer.from(`${JSON.stringify(installed, null, 2)}\n`)],
    ['icon.png', readFileSync(join(root, 'icon.png'))],
    ['README.md', readFileSync(join(root, 'README.md'))],
    ['LICENSE', readFileSync(join(root, 'LICENSE'))],
  ]
  const walk = folder => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (!name.endsWith('.map')) entries.push([relative(staging, path).split(sep).join('/'), readFileSync(path)])
    }
  }
  walk(join(staging, 'dist'))
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, zip(entries))
  console.log(`${out}: ${entries.length} files`)
} finally {
  rmSync(staging, { recursive: true, force: true })
}

/** A plain zip (deflate, no extras): the local headers, the central directory, its end record. */
function zip(files) {
  const locals = []
  const central = []
  let offset = 0
  const time = 0 // 1980-01-01 00:00: the same bytes for the same sources
  for (const [name, data] of files) {
    const nameBytes = Buffer.from(name, 'utf8')
    const packed = deflateRawSync(data, { level: 9 })
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6) // UTF-8 names
    local.writeUInt16LE(8, 8) // deflate
    local.writeUInt16LE(time, 10)
    local.writeUInt16LE(0x21, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    locals.push(local, nameBytes, packed)
    const head = Buffer.alloc(46)
    head.writeUInt32LE(0x02014b50, 0)
    head.writeUInt16LE(20, 4)
    head.writeUInt16LE(20, 6)
    head.writeUInt16LE(0x0800, 8)
    head.writeUInt16LE(8, 10)
    head.writeUInt16LE(time, 12)
    head.writeUInt16LE(0x21, 14)
    head.writeUInt32LE(crc, 16)
    head.writeUInt32LE(packed.length, 20)
    head.writeUInt32LE(data.length, 24)
    head.writeUInt16LE(nameBytes.length, 28)
    head.writeUInt32LE(offset, 42)
    central.push(head, nameBytes)
    offset += local.length + nameBytes.length + packed.length
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(centralSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...central, end])
}

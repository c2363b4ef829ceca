// Draws icon.png (256×256 RGBA): two stacked note cards, text lines, a row of dots whose gaps
// grow like review intervals (1, 3, 7, 21 days), and a round check badge.
// Usage: node examples/make-icon.mjs [out.png]   (default: icon.png at the repository root)
// Only node:zlib: the PNG chunks are written by hand so the icon needs no image library.
import { deflateSync } from 'node:zlib'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const SIZE = 256
const SAMPLES = 4 // per axis: 16 samples per pixel give smooth edges without a rasteriser

// ---------------------------------------------------------------- shapes as signed distances (<0 inside)

function roundedRect(cx, cy, halfW, halfH, radius, angle = 0) {
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  return (x, y) => {
    const dx0 = x - cx
    const dy0 = y - cy
    const lx = Math.abs(dx0 * cos + dy0 * sin) - (halfW - radius)
    const ly = Math.abs(-dx0 * sin + dy0 * cos) - (halfH - radius)
    const outside = Math.hypot(Math.max(lx, 0), Math.max(ly, 0))
    return outside + Math.min(Math.max(lx, ly), 0) - radius
  }
}

function circle(cx, cy, r) {
  return (x, y) => Math.hypot(x - cx, y - cy) - r
}

function segment(ax, ay, bx, by, halfWidth) {
  return (x, y) => {
    const px = x - ax
    const py = y - ay
    const vx = bx - ax
    const vy = by - ay
    const t = Math.max(0, Math.min(1, (px * vx + py * vy) / (vx * vx + vy * vy)))
    return Math.hypot(px - vx * t, py - vy * t) - halfWidth
  }
}

const union = (...shapes) => (x, y) => Math.min(...shapes.map((s) => s(x, y)))
const ring = (shape, halfWidth) => (x, y) => Math.abs(shape(x, y)) - halfWidth

// ---------------------------------------------------------------- the picture, back to front

const hex = (h, a = 1) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16), a]

const backCard = roundedRect(140, 108, 82, 92, 18, 0.16)
const frontCard = roundedRect(116, 132, 82, 92, 18, -0.06)
const textLines = union(
  segment(70, 84, 160, 78, 5.5),
  segment(71, 110, 146, 105, 4),
  segment(72, 132, 158, 127, 4),
  segment(73, 154, 130, 151, 4),
)
// Spaced-repetition motif: dots at day 0, 1, 3, 7 and 21 on a log-like scale along a baseline.
const dotXs = [74, 84, 97, 115, 143]
const timeline = union(segment(72, 190, 146, 186.5, 1.6), ...dotXs.map((x, i) => circle(x, 190 - (x - 72) * (4 / 84), 4.2 + i * 0.5)))
const badge = circle(196, 196, 40)
const check = union(segment(176, 197, 191, 212, 7), segment(191, 212, 217, 180, 7))

const layers = [
  { shape: (x, y) => backCard(x - 3, y - 5) - 2, color: hex('#0b2d3a', 0.25) }, // soft shadow
  { shape: backCard, color: hex('#3f8f9b') },
  { shape: ring(backCard, 2.5), color: hex('#1f5f6b') },
  { shape: (x, y) => frontCard(x - 3, y - 5) - 2, color: hex('#0b2d3a', 0.3) },
  { shape: frontCard, color: hex('#fdf8ee') },
  { shape: ring(frontCard, 3), color: hex('#26404b') },
  { shape: textLines, color: hex('#9aa7ad') },
  { shape: timeline, color: hex('#e0873a') },
  { shape: (x, y) => badge(x - 2, y - 4) - 1, color: hex('#0b2d3a', 0.3) },
  { shape: badge, color: hex('#2e9d5b') },
  { shape: ring(badge, 3), color: hex('#1d6e3e') },
  { shape: check, color: hex('#ffffff') },
]

// ---------------------------------------------------------------- rasterise: supersampled coverage, "over" compositing

function over(dst, [r, g, b, a], coverage) {
  const alpha = a * coverage
  const outA = alpha + dst[3] * (1 - alpha)
  if (outA === 0) return
  for (let c = 0; c < 3; c++) dst[c] = ([r, g, b][c] * alpha + dst[c] * dst[3] * (1 - alpha)) / outA
  dst[3] = outA
}

function render() {
  const pixels = Buffer.alloc(SIZE * SIZE * 4)
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const dst = [0, 0, 0, 0]
      for (const { shape, color } of layers) {
        let inside = 0
        for (let sy = 0; sy < SAMPLES; sy++) {
          for (let sx = 0; sx < SAMPLES; sx++) {
            if (shape(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES) <= 0) inside++
          }
        }
        if (inside > 0) over(dst, color, inside / (SAMPLES * SAMPLES))
      }
      const at = (y * SIZE + x) * 4
      pixels[at] = Math.round(dst[0])
      pixels[at + 1] = Math.round(dst[1])
      pixels[at + 2] = Math.round(dst[2])
      pixels[at + 3] = Math.round(dst[3] * 255)
    }
  }
  return pixels
}

// ---------------------------------------------------------------- PNG encoding

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes) {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

function encodePng(pixels) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(SIZE, 0)
  header.writeUInt32BE(SIZE, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // colour type RGBA
  // Each scanline starts with filter type 0 (none); deflate does the compression.
  const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1))
  for (let y = 0; y < SIZE; y++) pixels.copy(raw, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const out = process.argv[2] ?? fileURLToPath(new URL('../icon.png', import.meta.url))
writeFileSync(out, encodePng(render()))
console.log(`wrote ${out}`)

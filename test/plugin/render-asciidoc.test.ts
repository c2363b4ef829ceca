import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { renderAsciidocInto } from '../../src/plugin/review-window/render-asciidoc.js'

/** Renders a note's text as the review window does, into a jsdom document of its own. */
async function render(source: string): Promise<HTMLElement> {
  const dom = new JSDOM('<!doctype html><body><div id="target"></div></body>')
  const target = dom.window.document.getElementById('target') as HTMLElement
  await renderAsciidocInto(target, source)
  return target
}

describe('a note rendered in the review window cannot dress up as the window', () => {
  it("drops the window's own classes and ids and open dialogs, which would lay a layer over the dialog", async () => {
    const target = await render(
      [
        '[.nk-backdrop.note]',
        '--',
        'a full-window layer',
        '--',
        '',
        '[[nk-title]]',
        'a paragraph with the dialog title id',
        '',
        '++++',
        '<dialog open class="nk-grades">fake grades</dialog><p class="nk-grade nk-suggested">fake</p>',
        '++++',
      ].join('\n'),
    )
    const html = target.innerHTML
    expect(html).toContain('a full-window layer')
    expect(target.querySelectorAll('[class*="nk-"], [id^="nk-"], dialog').length).toBe(0)
    expect(target.querySelector('.openblock')?.classList.contains('note')).toBe(true) // other roles stay
  })

  it('opens web links outside the frame, keeps anchors in it, and makes links to files beside the plugin inert', async () => {
    const target = await render(
      'See https://example.org/x[the web], <<somewhere,an anchor>>, xref:other.adoc[another note] and link:javascript:alert(1)[js].',
    )
    const links = Object.fromEntries(
      [...target.querySelectorAll('a')].map(a => [a.textContent, [a.getAttribute('href'), a.getAttribute('target')]]),
    )
    expect(links['the web']).toEqual(['https://example.org/x', '_blank'])
    expect(links['an anchor']).toEqual(['#somewhere', null])
    expect(links['another note']).toEqual([null, null])
    expect(links['js']?.[0] ?? null).toBeNull()
  })

  it('treats an image map area and an SVG link as links too: none can navigate the frame itself', async () => {
    // An HTML <area> and an SVG <a> (tag name `a`, lower case; its target in href or xlink:href)
    // navigate like an <a>: without target they would load the page into the full-window frame.
    const target = await render(
      [
        '++++',
        '<img src="map.png" usemap="#m" alt="map"><map name="m">',
        '<area shape="rect" coords="0,0,99,99" href="https://example.org/area" alt="web area">',
        '<area shape="rect" coords="0,0,9,9" href="other.html" alt="file area"></map>',
        '<svg><a href="https://example.org/svg"><text>web svg</text></a>',
        '<a xlink:href="other.html"><text>file svg</text></a><a href="#here"><text>anchor svg</text></a></svg>',
        '++++',
      ].join('\n'),
    )
    const links = [...target.querySelectorAll('area, a')].map(link => [
      link.getAttribute('alt') ?? link.textContent,
      link.getAttribute('href') ?? link.getAttribute('xlink:href'),
      link.getAttribute('target'),
    ])
    expect(links).toEqual([
      ['web area', 'https://example.org/area', '_blank'],
      ['file area', null, null],
      ['web svg', 'https://example.org/svg', '_blank'],
      ['file svg', null, null],
      ['anchor svg', '#here', null],
    ])
  })
})

describe("a note's attributes in the review window", () => {
  it("substitutes the note's header attributes, as the note itself does", async () => {
    const dom = new JSDOM('<!doctype html><body><div id="target"></div></body>')
    const target = dom.window.document.getElementById('target') as HTMLElement
    await renderAsciidocInto(target, 'Run `{cli} get pods`, then kbd:[F11].', { cli: 'kubectl', experimental: '' })
    expect(target.textContent).toContain('Run kubectl get pods')
    expect(target.querySelector('kbd')?.textContent).toBe('F11')
  })

  it('reads them as the note reads its own entries: text stays text, and the secure limits hold', async () => {
    const dom = new JSDOM('<!doctype html><body><div id="target"></div></body>')
    const target = dom.window.document.getElementById('target') as HTMLElement
    await renderAsciidocInto(target, 'Use {tag} for {t}.', { tag: '<name>', t: 'a <b>bold</b> & c' })
    // As API attributes, the values went in as raw HTML: <name> vanished, <b> was bold.
    expect(target.textContent).toContain('Use <name> for a <b>bold</b> & c.')
    expect(target.querySelector('b')).toBeNull()
    // A note cannot lift Asciidoctor's cap on an attribute's value (4,096 characters in secure
    // mode) and double a value into a gigabyte: the cap is the program's to set.
    const doubling: Record<string, string> = { 'max-attribute-value-size': '100000000', a0: 'x'.repeat(16) }
    for (let k = 1; k <= 12; k++) doubling[`a${k}`] = `{a${k - 1}}{a${k - 1}}`
    await renderAsciidocInto(target, '{a12}', doubling)
    expect((target.textContent ?? '').length).toBeLessThan(5000)
  })
})

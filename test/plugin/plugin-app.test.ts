// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { type MemoryVault, memoryVault } from '../../src/adapters/memory-vault.js'
import type { Access } from '../../src/plugin/file-access/access.js'
import { registerCommands, registerSchedulerSwitches } from '../../src/plugin/host/commands.js'
import { appOperations } from '../../src/plugin/session/operations.js'
import { createPluginApp, type PluginApp } from '../../src/plugin/session/plugin-app.js'
import type { Vault } from '../../src/ports/vault.js'
import { type FakeHost, fakeHost } from './fake-host.js'

const TODAY = '2026-06-10'
const corpus = (): Record<string, string> => ({
  'internalise/english.adoc':
    '= English\n:intent: internalise\n\nSee xref:../reference/http.adoc[<img src=x onerror=alert(1)>].\n\n[qanda]\n[[few]]Few or little?:: Little.\n[[need]]Need + ?:: The -ing form.\n',
  'internalise/.srs/state.json':
    JSON.stringify(
      {
        'english#few': { level: 1, next_due: '2026-06-01', reps: 0 },
        'english#need': { level: 1, next_due: '2026-07-01', reps: 0 },
      },
      null,
      2,
    ) + '\n',
  'reference/http.adoc': '= HTTP\n:intent: reference\n\nSee xref:missing.adoc[{{query (todo now)}}] #tag <b>x</b>.\n',
  'track/reading.adoc': '= Reading\n:intent: track\n\n== Now\n* Book A\n\n== Next\n* Book B {{embed [[x]]}}\n',
})

let app: PluginApp | null = null
afterEach(() => {
  document.body.replaceChildren()
  app = null
})

async function started(
  access: (vault: MemoryVault) => Access = vault => ({ kind: 'ready', vault, label: 'Test vault' }),
): Promise<{ host: FakeHost; vault: MemoryVault }> {
  const host = fakeHost()
  const vault = memoryVault(corpus())
  app = createPluginApp({
    host,
    doc: document,
    chooseAccess: async () => access(vault),
    operations: appOperations,
    render: async (target, source) => void (target.textContent = source),
    today: () => TODAY,
    now: () => new Date(Date.UTC(2026, 5, 10, 9, 30)),
  })
  registerCommands(host, app.run)
  registerSchedulerSwitches(host, app.useScheduler)
  await app.start()
  return { host, vault }
}

describe('the plugin glue against a fake host', () => {
  it('indexes again only when a settings change names another corpus folder', async () => {
    let opened = 0
    const { host } = await started(vault => (opened++, { kind: 'ready', vault, label: 'Test vault' }))
    host.settingsListener!({ corpusPath: '', theme: 'dark' })
    await new Promise(resolve => setTimeout(resolve, 20))
    expect(opened).toBe(1)
    expect(document.documentElement.dataset['theme']).toBe('light') // settings() still says follow
    host.current = { corpusPath: '/other', theme: 'follow' }
    host.settingsListener!(host.current)
    await new Promise(resolve => setTimeout(resolve, 20))
    expect(opened).toBe(2)
  })

  it('a slower answer for a folder typed earlier never replaces the folder set last', async () => {
    const wait = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))
    // The connects in order: at start, then each folder the settings name.
    const paths = ['', '/home/me', '/home/me/notes']
    let calls = 0
    const { host } = await started(
      vault =>
        (async (): Promise<Access> => {
          const path = paths[calls++] ?? ''
          await wait(path === '/home/me' ? 80 : 5) // the parent folder answers last
          return { kind: 'ready', vault, label: `folder ${path || 'at start'}` }
        })() as unknown as Access,
    )
    host.current = { corpusPath: '/home/me', theme: 'follow' }
    host.settingsListener!(host.current)
    await wait(20)
    host.current = { corpusPath: '/home/me/notes', theme: 'follow' }
    host.settingsListener!(host.current)
    await wait(200)
    const indexed = host.msgs.filter(m => m.text.startsWith('Notekeeper: indexed')).map(m => m.text)
    expect(indexed.at(-1)).toContain('folder /home/me/notes')
    expect(indexed.some(text => text.includes('folder /home/me;'))).toBe(false)
  })

  it('a folder still being indexed when another is set: its corpus is not the index, nor its count shown', async () => {
    const wait = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))
    const note = (ids: string[]) =>
      `= Words\n:intent: internalise\n\n[qanda]\n${ids.map(id => `[[${id}]]${id}?:: ${id}.\n`).join('')}`
    const big = memoryVault({
      'internalise/big.adoc': note(['a', 'b', 'c']),
      'internalise/.srs/state.json': JSON.stringify({
        'big#a': { level: 1, next_due: '2026-06-01', reps: 0 },
        'big#b': { level: 1, next_due: '2026-06-01', reps: 0 },
        'big#c': { level: 1, next_due: '2026-06-01', reps: 0 },
      }),
    })
    const slowBig: Vault = { ...big, description: 'big', list: async () => (await wait(100), big.list()) }
    const small: Vault = { ...memoryVault({ 'internalise/small.adoc': note(['x']) }), description: 'small' }
    const vaults: Record<string, Access> = {
      '/big': { kind: 'ready', vault: slowBig, label: 'BIG' },
      '/small': { kind: 'ready', vault: small, label: 'SMALL' },
    }
    let folder = '' // the setting, as chooseAccess reads it
    const { host } = await started(() => vaults[folder] ?? { kind: 'unavailable', label: 'none' })
    const set = (corpusPath: string) => {
      folder = corpusPath
      host.current = { corpusPath, theme: 'follow' }
      host.settingsListener!(host.current)
    }
    set('/big')
    await wait(20) // /big is being indexed
    set('/small')
    await wait(300)
    const indexed = host.msgs.filter(m => m.text.startsWith('Notekeeper: indexed')).map(m => m.text)
    expect(indexed).toEqual([expect.stringContaining('indexed 1 files of SMALL; 0 due today')])
    // Nor does a validate of the big folder that ends after the small one is set.
    set('/big')
    await wait(300)
    const validating = host.slash.get('validate')!()
    await wait(20)
    set('/small')
    await wait(300)
    await validating
    await wait(50)
    expect(app!.dueCount()).toBe(0)
  })

  it('refuses a command asked for again while it runs, and on unload closes the window and waits for it', async () => {
    const { host } = await started()
    const first = host.slash.get('validate')!()
    await host.slash.get('validate')!()
    expect(host.msgs.some(m => m.text === 'Notekeeper: validate is already running')).toBe(true)
    await host.slash.get('practice')!()
    expect(host.mainUI).toBe(true)
    await host.unload!()
    expect(host.mainUI).toBe(false)
    expect(document.querySelector('.nk-dialog')).toBeNull()
    await first
  })

  // The window writes state.json after each card is shown, coalesced (as the CLI does): closing it,
  // unloading the plugin and any next command put the last state on disk first.
  const gradeAgain = async (vault: MemoryVault) => {
    document.querySelector<HTMLElement>('[data-testid="reveal"]')!.click()
    await new Promise(resolve => setTimeout(resolve, 10))
    document.querySelector<HTMLElement>('[data-testid="grade-again"]')!.click()
    while (!(await vault.read('internalise/.srs/log.jsonl'))?.includes('again'))
      await new Promise(resolve => setTimeout(resolve, 1))
  }
  const stateOf = async (vault: MemoryVault) =>
    JSON.parse((await vault.read('internalise/.srs/state.json'))!) as Record<string, Record<string, unknown>>

  it('on unload, waits for the review window to put its last state.json on disk', async () => {
    const { host, vault } = await started()
    await host.slash.get('practice')!()
    await gradeAgain(vault)
    await host.unload!()
    expect((await stateOf(vault))['english#few']).toMatchObject({ reps: 1 })
  })

  it("closing the window, then switching the scheduler: the window's pending state never overwrites the switch", async () => {
    // A slow disk for the window's write (a Leitner state): it is still landing when the switch writes.
    const { host, vault } = await started(vault => {
      const slow: Vault = {
        ...vault,
        write: async (path, text) => {
          if (path.endsWith('state.json') && text.includes('"level"'))
            await new Promise(resolve => setTimeout(resolve, 50))
          await vault.write(path, text)
        },
      }
      return { kind: 'ready', vault: slow, label: 'Test vault' }
    })
    await host.slash.get('practice')!()
    await gradeAgain(vault)
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(host.mainUI).toBe(false)
    await host.palette.get('notekeeper-use-fsrs')!()
    await new Promise(resolve => setTimeout(resolve, 150)) // longer than any write the window could still make
    const state = await stateOf(vault)
    expect(state['english#few']).toMatchObject({ reps: 1 })
    for (const entry of Object.values(state)) expect(entry).toHaveProperty('stability')
  })

  it('registers the commands as slash commands and palette entries, and a practice shortcut', async () => {
    const { host } = await started()
    expect([...host.slash.keys()].sort()).toEqual([
      'backlinks',
      'hygiene',
      'practice',
      'schedulers',
      'statistics',
      'triage',
      'validate',
    ])
    expect([...host.palette.keys()].sort()).toEqual([
      'notekeeper-backlinks',
      'notekeeper-hygiene',
      'notekeeper-practice',
      'notekeeper-schedulers',
      'notekeeper-statistics',
      'notekeeper-triage',
      'notekeeper-use-fsrs',
      'notekeeper-use-leitner',
      'notekeeper-use-passfail',
      'notekeeper-use-sm2',
      'notekeeper-validate',
    ])
    expect(host.shortcuts).toEqual(['mod+alt+p'])
  })

  it('switches the scheduler from the palette: config.json names it, the state is replayed, the Schedulers page shows it active', async () => {
    const { host, vault } = await started()
    await host.palette.get('notekeeper-use-fsrs')!()
    expect(JSON.parse((await vault.read('internalise/.srs/config.json'))!)).toMatchObject({ scheduler: 'fsrs' })
    const state = JSON.parse((await vault.read('internalise/.srs/state.json'))!) as Record<
      string,
      Record<string, unknown>
    >
    for (const entry of Object.values(state)) expect(entry).toHaveProperty('stability')
    expect(host.msgs.some(m => m.text.includes('the scheduler is now fsrs'))).toBe(true)
    expect(JSON.stringify(host.pages.get('Notekeeper Schedulers'))).toContain('(active)')
  })

  it('indexes at start-up and shows the due count in the toolbar', async () => {
    const { host } = await started()
    expect(host.toolbar.get('notekeeper-due')).toBe(
      '<a class="button notekeeper-toolbar" data-on-click="nkPractice" title="Notekeeper: 1 due today (practice)"><span>🧠</span><span class="notekeeper-due-count">1</span></a>',
    )
    expect(host.styles.join('')).toContain('.notekeeper-due-count')
    expect(host.msgs.at(-1)).toEqual({
      text: 'Notekeeper: indexed 3 files of Test vault; 1 due today',
      status: 'success',
    })
  })

  it("follows Logseq's theme", async () => {
    const { host } = await started()
    expect(document.documentElement.dataset['theme']).toBe('light')
    host.themeListener?.('dark')
    expect(document.documentElement.dataset['theme']).toBe('dark')
  })

  it('regenerates the Validation report page: one header, old blocks gone, note text escaped', async () => {
    const { host } = await started()
    await host.slash.get('validate')!()
    await host.slash.get('validate')!()
    const page = host.pages.get('Notekeeper Validation report')!
    expect(page).toHaveLength(1)
    expect(page[0]!.content).toMatch(
      /^Validation of `memory \(test vault\)` at 2026-06-10 09:30 UTC: 2 errors, 0 warnings, 0 infos, 0 ignored\. Regenerated on each run/,
    )
    const lines = host.contents('Notekeeper Validation report')
    expect(lines).toContain('Rule `source-missing` (error): 1')
    expect(lines).toContain(
      'At `reference/http.adoc:2`: `a Reference note needs :source: (where its content comes from)` ; line: `:intent: reference`',
    )
    const hostile = lines.find(l => l.startsWith('At `reference/http.adoc:4`'))
    expect(hostile).toContain('line: `See xref:missing.adoc[{{query (todo now)}}] #tag <b>x</b>.`')
  })

  it('writes the Triage page with renderer buttons that promote an item in its file and regenerate the page', async () => {
    const { host, vault } = await started()
    await host.slash.get('triage')!()
    const lines = host.contents('Notekeeper Triage')
    const bookB = lines.find(l => l.includes('Book B'))!
    expect(bookB).toMatch(/^\{\{renderer :notekeeper-triage, [a-z0-9]+-2\}\} `Book B \{\{embed \[\[x\]\]\}\}`$/)
    const token = /, ([a-z0-9]+-2)\}\}/.exec(bookB)![1]!
    host.macro!({ slot: 'slot-1', arguments: [':notekeeper-triage', ` ${token}`] })
    expect(host.slots[0]!.template).toContain(`data-token="${token}" data-verb="promote"`)
    await host.models['nkTriage']!({ dataset: { token, verb: 'promote' } })
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(await vault.read('track/reading.adoc')).toBe(
      '= Reading\n:intent: track\n\n== Now\n* Book A\n* Book B {{embed [[x]]}}\n\n== Next\n',
    )
    expect(host.msgs.at(-1)?.status).toBe('success')
    const after = host.contents('Notekeeper Triage')
    expect(after.filter(l => l.startsWith('Status `Now`'))).toEqual(['Status `Now`: 2'])
  })

  it('shows a stale label for a token it did not write', async () => {
    const { host } = await started()
    host.macro!({ slot: 's', arguments: [':notekeeper-triage', '"><img src=x onerror=alert(1)>'] })
    expect(host.slots[0]!.template).toBe('<span class="nk-triage-stale">stale: run /triage again</span>')
  })

  it('says plainly what to do when no file access works, in the dialog and as a message', async () => {
    const { host } = await started(() => ({ kind: 'unavailable', label: 'No file access: use Logseq desktop.' }))
    expect(host.toolbar.get('notekeeper-due')).toContain(
      'title="Notekeeper: No file access: use Logseq desktop."><span>🧠</span><span class="notekeeper-due-count">?</span>',
    )
    await host.slash.get('practice')!()
    expect(document.querySelector('[data-testid="access-help"]')?.textContent).toBe(
      'No file access: use Logseq desktop.',
    )
    expect(document.querySelector('[data-testid="access-mode"]')?.textContent).toBe(
      'No file access: use Logseq desktop.',
    )
    expect(host.msgs.at(-1)).toEqual({ text: 'Notekeeper: No file access: use Logseq desktop.', status: 'error' })
  })

  it('shows a failed write as an error, not silence', async () => {
    const { host, vault } = await started()
    vault.write = async path => {
      throw new Error(`${path}: read-only file system`)
    }
    await host.slash.get('validate')!()
    await host.slash.get('practice')!()
    await new Promise(resolve => setTimeout(resolve, 20))
    ;(document.querySelector('[data-testid="reveal"]') as HTMLButtonElement).click()
    await new Promise(resolve => setTimeout(resolve, 20))
    ;(document.querySelector('[data-testid="grade-good"]') as HTMLButtonElement).click()
    for (let i = 0; i < 100 && !document.querySelector('.nk-error'); i++)
      await new Promise(resolve => setTimeout(resolve, 20))
    expect(document.querySelector('[data-testid="errors"]')?.textContent).toContain('was NOT saved')
    expect(host.msgs.some(m => m.status === 'error' && m.text.includes('read-only file system'))).toBe(true)
  })
})

describe('hygiene and backlinks through the app layer', () => {
  it('writes the Hygiene report page', async () => {
    const { host } = await started()
    await host.slash.get('hygiene')!()
    const page = host.pages.get('Notekeeper Hygiene report')!
    expect(page).toHaveLength(1)
    expect(page[0]!.content).toMatch(/^Hygiene sweep of `memory \(test vault\)` at 2026-06-10 09:30 UTC: /)
    expect(host.contents('Notekeeper Hygiene report').some(l => l.startsWith('Rule `dead-link` (error)'))).toBe(true)
  })

  it('lists the backlinks of a note named in the main UI, as text', async () => {
    const { host } = await started()
    await host.slash.get('backlinks')!()
    const input = document.querySelector<HTMLInputElement>('[data-testid="backlinks-input"]')!
    input.value = 'reference/http.adoc'
    input.form!.requestSubmit()
    const results = document.querySelector('[data-testid="backlinks-results"]')!
    for (let i = 0; i < 100 && !results.textContent?.includes('reference'); i++)
      await new Promise(resolve => setTimeout(resolve, 10))
    expect(results.querySelector('p')?.textContent).toBe('1 reference to reference/http.adoc')
    expect(results.querySelector('li')?.textContent).toBe(
      'internalise/english.adoc:4 See xref:../reference/http.adoc[<img src=x onerror=alert(1)>].',
    )
    expect(results.querySelector('img')).toBeNull()
    input.value = 'reference/nowhere.adoc'
    input.form!.requestSubmit()
    for (let i = 0; i < 100 && !document.querySelector('.nk-error'); i++)
      await new Promise(resolve => setTimeout(resolve, 10))
    expect(document.querySelector('.nk-error')?.textContent).toContain('no such .adoc file')
  })
})

describe('the Schedulers page', () => {
  it('shows the four schedulers side by side, the active one marked', async () => {
    const { host } = await started()
    await host.slash.get('schedulers')!()
    const page = host.pages.get('Notekeeper Schedulers')!
    expect(page).toHaveLength(1)
    expect(page[0]!.content).toMatch(/^Scheduler comparison of `memory \(test vault\)` at 2026-06-10 09:30 UTC: /)
    const rows = page[0]!.children.map(b => b.content)
    expect(rows).toHaveLength(5)
    expect(rows[0]).toBe('Scheduler `leitner` (active): 1 due today, 2 due from 2026-06-10 to 2026-07-09')
    expect(
      rows
        .slice(0, 4)
        .map(r => /^Scheduler `(\w+)`/.exec(r)?.[1])
        .sort(),
    ).toEqual(['fsrs', 'leitner', 'passfail', 'sm2'])
    expect(page[0]!.children[0]!.children[0]!.content).toMatch(/^Per day: [·▁-█]{30}$/)
    // The other schedulers: a switch keeps the due dates; rescheduling is shown beside it.
    expect(rows[1]).toMatch(
      /^Scheduler `fsrs` \(if switched now, each item keeping its due date; one reviewed today is re-dated at once\): 1 due today/,
    )
    expect(page[0]!.children[1]!.children[2]!.content).toMatch(/^If switched with rescheduling/)
    // Each scheduler judged on the log.
    expect(rows[4]).toMatch(/^Judged on your log: /)
  })
})

describe('reaching the folder', () => {
  it('asks for a click, then indexes and runs the command that needed the folder', async () => {
    const { host } = await started(vault => ({
      kind: 'needs-click',
      action: 'grant',
      label: 'Allow access to "notes" again',
      run: async () => ({ kind: 'ready', vault, label: 'Folder picked in the browser (File System Access): notes' }),
    }))
    await host.slash.get('practice')!()
    expect(document.querySelector('[data-testid="access-help"]')?.textContent).toBe('Allow access to "notes" again')
    ;(document.querySelector('.nk-primary') as HTMLButtonElement).click()
    for (let i = 0; i < 100 && !document.querySelector('[data-testid="prompt"]'); i++)
      await new Promise(resolve => setTimeout(resolve, 10))
    expect(document.querySelector('[data-testid="prompt"]')?.textContent).toBe('Few or little?')
    expect(document.querySelector('[data-testid="access-mode"]')?.textContent).toBe(
      'Folder picked in the browser (File System Access): notes',
    )
    expect(host.toolbar.get('notekeeper-due')).toContain('>1</span>')
  })

  it('shows files the vault could not read instead of silently leaving them out', async () => {
    const { host } = await started(vault => {
      const read = vault.read.bind(vault)
      vault.read = async path => {
        if (path === 'reference/http.adoc') throw new Error('reference/http.adoc: permission denied')
        return read(path)
      }
      return { kind: 'ready', vault, label: 'Test vault' }
    })
    expect(host.msgs.some(m => m.status === 'error' && m.text.includes('permission denied'))).toBe(true)
  })

  it('switches the scheduler through the index: no note unchanged since it was indexed is read again', async () => {
    const reads: string[] = []
    const { host, vault } = await started(vault => {
      const counted: Vault = { ...vault, read: path => (reads.push(path), vault.read(path)) }
      return { kind: 'ready', vault: counted, label: 'Test vault' }
    })
    await host.slash.get('validate')!() // indexed
    reads.length = 0
    await host.palette.get('notekeeper-use-fsrs')!()
    while (!host.msgs.some(m => m.text.includes('the scheduler is now fsrs')))
      await new Promise(resolve => setTimeout(resolve, 5))
    expect(JSON.parse((await vault.read('internalise/.srs/config.json'))!)).toMatchObject({ scheduler: 'fsrs' })
    expect(reads.filter(path => path.endsWith('.adoc'))).toEqual([])
  })
})

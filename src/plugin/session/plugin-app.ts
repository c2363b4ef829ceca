import type { Statistics } from '../../core/stats.js'
import type { IsoDate, SchedulerName } from '../../core/types.js'
import type { CacheStore } from '../../ports/cache.js'
import type { Vault } from '../../ports/vault.js'
import { el, escapeHtml, messageOf } from '../dom.js'
import type { Access } from '../file-access/access.js'
import type { PluginHost, ThemeMode } from '../host/host.js'
import { PAGE_NAMES, stamp, writeGeneratedPage } from '../pages/generated-page.js'
import { codeSpan } from '../pages/logseq-escape.js'
import { reportPage } from '../pages/report-page.js'
import { schedulersPage } from '../pages/schedulers-page.js'
import { CHART_RENDERER, chartFor, statisticsPage } from '../pages/statistics-page.js'
import { TRIAGE_RENDERER, type TriageTarget, type TriageVerb, triageButtons, triagePage } from '../pages/triage-page.js'
import { openBacklinks } from '../review-window/backlinks-view.js'
import type { PracticeBackend } from '../review-window/practice-backend.js'
import { openReview, type RenderAsciidoc, stateNotWritten } from '../review-window/review-modal.js'
import { createShell, type Shell } from '../review-window/shell.js'
import { createIndexer, type Indexer } from './indexer.js'
import type { Operations } from './operations.js'

export type CommandName = 'practice' | 'validate' | 'hygiene' | 'triage' | 'backlinks' | 'schedulers' | 'statistics'

const FORECAST_DAYS = 30
const TOOLBAR_KEY = 'notekeeper-due'

/** Styles for what the plugin puts into Logseq's own page (the toolbar button, triage buttons). */
export const HOST_PAGE_STYLE = `
.notekeeper-toolbar { display: inline-flex; align-items: center; gap: 2px; }
.notekeeper-due-count { font-variant-numeric: tabular-nums; min-width: 1.2em; text-align: center; font-size: 0.8em; }
.nk-triage { display: inline-flex; gap: 4px; }
.nk-triage-btn { padding: 0 6px; border: 1px solid var(--ls-border-color, #ccc); border-radius: 4px; background: var(--ls-secondary-background-color, transparent); cursor: pointer; }
.nk-triage-stale { opacity: 0.7; font-style: italic; }
`

export function toolbarButton(label: string, why: string): string {
  return `<a class="button notekeeper-toolbar" data-on-click="nkPractice" title="${escapeHtml(why)}"><span>🧠</span><span class="notekeeper-due-count">${escapeHtml(label)}</span></a>`
}

export interface PluginDeps {
  host: PluginHost
  doc: Document
  /** Picks the file access again (at start-up and when the settings change). */
  chooseAccess: () => Promise<Access>
  operations: (indexer: Indexer) => Operations
  render: RenderAsciidoc
  today: () => IsoDate
  now: () => Date
  /** Keeps the scan cache between sessions (the frame's IndexedDB); none: in memory only. */
  cacheStore?: CacheStore
}

export interface PluginApp {
  start(): Promise<void>
  run(command: CommandName): Promise<void>
  /** Switches the corpus's scheduler (config.json) and replays the log; then shows the Schedulers page. */
  useScheduler(name: SchedulerName): Promise<void>
  /** The toolbar's due count after the last index (null before one). */
  dueCount(): number | null
}

export function createPluginApp(deps: PluginDeps): PluginApp {
  const { host, doc } = deps
  let access: Access = { kind: 'unavailable', label: 'Starting…' }
  let vault: Vault | null = null
  const indexer = createIndexer(
    () => {
      if (!vault) throw new Error('no corpus folder is open')
      return vault
    },
    text => report(text),
    deps.cacheStore,
  )
  const ops = deps.operations(indexer)
  let shell: Shell | null = null
  let due: number | null = null
  let triageTargets = new Map<string, TriageTarget>()
  let statistics: Statistics | null = null

  /** The review window's backend, whose state.json writes may still be pending (coalesced). */
  let practising: PracticeBackend | null = null
  /** Puts the practice session's last state on disk: on close, on unload, before any other command. */
  async function settleState(): Promise<void> {
    await practising?.flush().catch(error => report(stateNotWritten(error)))
  }

  const showShell = (): Shell => {
    shell ??= createShell(doc, () => {
      host.hideMainUI()
      void settleState()
    })
    shell.setAccessMode(access.label)
    host.showMainUI()
    return shell
  }
  const report = (text: string) => host.showMsg(`Notekeeper: ${text}`, 'error')

  // The toolbar button carries its label: registering the same key again replaces the item
  // (Logseq since 2022, handler/plugin.cljs 330-338). Nothing is injected inside it: an injected
  // element routes its clicks through closest('[data-on-click]') too, so one click would run
  // practice twice. The tooltip may hold a folder path from the settings, hence the escaping:
  // this HTML lands in Logseq's own page.
  function toolbar(label: string, why: string): void {
    host.registerToolbarItem(TOOLBAR_KEY, toolbarButton(label, why))
  }
  function refreshDueCount(): void {
    const corpus = indexer.latest()
    if (!corpus) return
    try {
      due = ops.dueCount(corpus, deps.today())
      toolbar(String(due), `Notekeeper: ${due} due today (practice)`)
    } catch (error) {
      toolbar('!', 'Notekeeper: the due count could not be computed')
      report(messageOf(error))
    }
  }

  async function applyTheme(): Promise<void> {
    const pinned = host.settings().theme
    // A theme we cannot read is not worth failing start-up for: light, and say nothing.
    const mode: ThemeMode = pinned === 'follow' ? await host.themeMode().catch((): ThemeMode => 'light') : pinned
    doc.documentElement.dataset['theme'] = mode
  }

  let connectedPath: string | null = null
  // Settings changes come at each pause in typing, and an earlier folder's answer may come last:
  // only the newest connect sets the vault and indexes.
  let connects = 0
  async function connect(): Promise<void> {
    connectedPath = host.settings().corpusPath
    const generation = ++connects
    let chosen: Access
    try {
      chosen = await deps.chooseAccess()
    } catch (error) {
      chosen = { kind: 'unavailable', label: `The corpus folder could not be opened: ${messageOf(error)}` }
      if (generation === connects) report(chosen.label)
    }
    if (generation !== connects) return
    access = chosen
    vault = access.kind === 'ready' ? access.vault : null
    shell?.setAccessMode(access.label)
    if (!vault) {
      toolbar('?', `Notekeeper: ${access.label}`)
      return
    }
    toolbar('…', 'Notekeeper: indexing')
    try {
      let shownStep = 0
      const corpus = await indexer.refresh((done, total) => {
        if (generation !== connects) return
        const step = Math.floor((done / Math.max(total, 1)) * 10)
        if (step !== shownStep || done === total) {
          shownStep = step
          toolbar(`${done}/${total}`, `Notekeeper: indexing ${done} of ${total} files`)
        }
      })
      // A folder set later has its own connect: this one's corpus is not the index.
      if (generation !== connects) return
      refreshDueCount()
      host.showMsg(
        `Notekeeper: indexed ${corpus.notes.length} files of ${access.label}; ${due ?? 0} due today`,
        'success',
      )
    } catch (error) {
      if (generation !== connects) return
      toolbar('!', 'Notekeeper: indexing failed')
      report(`indexing failed: ${messageOf(error)}`)
    }
  }

  /** The vault, or null after showing the user what to do (pick a folder, grant access, settings). */
  async function ready(command: CommandName): Promise<Vault | null> {
    if (vault) return vault
    const current = access
    const body = showShell().show('Notekeeper')
    body.append(el(doc, 'p', { text: current.label, attrs: { 'data-testid': 'access-help' } }))
    if (current.kind === 'needs-click') {
      const button = el(doc, 'button', {
        className: 'nk-primary',
        text: current.action === 'pick' ? 'Choose folder…' : 'Allow access',
        attrs: { type: 'button' },
      })
      button.addEventListener('click', () => {
        void (async () => {
          try {
            access = await current.run()
            vault = access.kind === 'ready' ? access.vault : null
            shell?.setAccessMode(access.label)
            if (!vault) return
            await indexer.refresh()
            refreshDueCount()
            await run(command)
          } catch (error) {
            shell?.showError(messageOf(error))
            report(messageOf(error))
          }
        })()
      })
      body.append(button)
    } else {
      report(current.label)
    }
    return null
  }

  async function practice(): Promise<void> {
    const v = await ready('practice')
    if (!v) return
    const backend = ops.practice(() => v, deps.today)
    practising = backend
    await openReview({
      shell: showShell(),
      backend,
      render: deps.render,
      reportError: report,
      onGraded: refreshDueCount,
    }).ready
    refreshDueCount()
  }

  async function findingsPage(kind: 'validate' | 'hygiene'): Promise<void> {
    const v = await ready(kind)
    if (!v) return
    const when = stamp(deps.now())
    const result =
      kind === 'validate' ? await ops.validate(v, deps.today(), when) : await ops.hygiene(v, deps.today(), when)
    const pageName = kind === 'validate' ? PAGE_NAMES.validation : PAGE_NAMES.hygiene
    await writeGeneratedPage(host, reportPage(pageName, result))
    if (kind === 'validate') refreshDueCount()
    const { errors, warnings } = result.summary
    host.showMsg(
      `Notekeeper: ${errors} errors, ${warnings} warnings; see the page "${pageName}"`,
      errors > 0 ? 'warning' : 'success',
    )
  }

  async function triage(): Promise<void> {
    const v = await ready('triage')
    if (!v) return
    const corpus = await indexer.refresh()
    const generation = deps.now().getTime().toString(36)
    const built = triagePage(
      corpus.notes,
      generation,
      `Triage of ${codeSpan(v.description)} at ${stamp(deps.now())}: buttons promote, demote or prune the item in its file. Regenerated on each run.`,
      PAGE_NAMES.triage,
    )
    triageTargets = built.targets
    await writeGeneratedPage(host, built.page)
    refreshDueCount()
  }

  async function schedulers(): Promise<void> {
    const v = await ready('schedulers')
    if (!v) return
    const corpus = await indexer.refresh()
    const today = deps.today()
    const header = `Scheduler comparison of ${codeSpan(v.description)} at ${stamp(deps.now())}: the log replayed under each scheduler, next ${FORECAST_DAYS} days from ${today}. Switching (palette: "Notekeeper: switch the scheduler") keeps every item's due date until its next review.`
    await writeGeneratedPage(
      host,
      schedulersPage(
        PAGE_NAMES.schedulers,
        ops.forecast(corpus, today, FORECAST_DAYS),
        corpus.config.scheduler,
        header,
        await ops.evaluate(corpus),
      ),
    )
    host.showMsg(`Notekeeper: see the page "${PAGE_NAMES.schedulers}"`, 'success')
  }

  async function statisticsRun(): Promise<void> {
    const v = await ready('statistics')
    if (!v) return
    const corpus = await indexer.refresh()
    statistics = ops.statistics(corpus, deps.today())
    const header = `Statistics of ${codeSpan(v.description)} at ${stamp(deps.now())}, from the review log. Regenerated on each run.`
    await writeGeneratedPage(
      host,
      statisticsPage(PAGE_NAMES.statistics, statistics, header, corpus.config.limits.newPerDay),
    )
    host.showMsg(`Notekeeper: see the page "${PAGE_NAMES.statistics}"`, 'success')
  }

  /** A chart macro's SVG, from the last run's numbers (or the last index's, after a restart). */
  function chart(name: string): string {
    if (statistics === null) {
      const corpus = indexer.latest()
      if (corpus) statistics = ops.statistics(corpus, deps.today())
    }
    const svg = statistics === null ? null : chartFor(statistics, name)
    return svg ?? '<span>Run /statistics to draw this chart.</span>'
  }

  async function triageClick(token: string, verb: TriageVerb): Promise<void> {
    await settleState()
    const target = triageTargets.get(token)
    const corpus = indexer.latest()
    if (!target || !vault || !corpus) return report('this Triage page is stale: run /triage again')
    try {
      const message = await ops.triageEdit(vault, corpus, target, verb)
      host.showMsg(`Notekeeper: ${message}`, 'success')
    } catch (error) {
      report(`${verb} refused: ${messageOf(error)}`)
    }
    await triage()
  }

  /** What is running now: a command asked for again meanwhile (a double click, a key held) is refused. */
  const running = new Map<string, Promise<void>>()
  async function once(name: string, work: () => Promise<void>): Promise<void> {
    if (running.has(name)) {
      host.showMsg(`Notekeeper: ${name} is already running`, 'warning')
      return
    }
    const job = work().finally(() => running.delete(name))
    running.set(name, job)
    await job
  }

  /** Logseq unloads the plugin: close the window, let running commands finish (no lock left behind). */
  async function dispose(): Promise<void> {
    host.hideMainUI()
    shell?.dispose()
    shell = null
    await Promise.allSettled([...running.values()])
    await settleState()
  }

  const run = (command: CommandName): Promise<void> => once(command, () => runCommand(command))
  async function runCommand(command: CommandName): Promise<void> {
    // Every command reads state.json again (and a scheduler switch rewrites it): none may run
    // while the window's last write is pending.
    await settleState()
    try {
      if (command === 'practice') await practice()
      else if (command === 'validate' || command === 'hygiene') await findingsPage(command)
      else if (command === 'triage') await triage()
      else if (command === 'schedulers') await schedulers()
      else if (command === 'statistics') await statisticsRun()
      else {
        const v = await ready('backlinks')
        if (v) openBacklinks(showShell(), target => ops.backlinks(v, target), report)
      }
    } catch (error) {
      report(`${command} failed: ${messageOf(error)}`)
      shell?.showError(`${command} failed: ${messageOf(error)}`)
    }
  }

  const useScheduler = (name: SchedulerName): Promise<void> => once('scheduler switch', () => switchTo(name))
  async function switchTo(name: SchedulerName): Promise<void> {
    await settleState()
    try {
      const v = await ready('schedulers')
      if (!v) return
      const { items, changed, redated } = await ops.switchScheduler(v, name, deps.today())
      await indexer.refresh()
      refreshDueCount()
      const moved = redated === 0 ? 'no due date moved' : `${redated} with a new due date`
      host.showMsg(
        `Notekeeper: ${changed ? `the scheduler is now ${name}` : `${name} was already the scheduler`}; state.json replayed for ${items} items, ${moved}`,
        'success',
      )
      await schedulers()
    } catch (error) {
      report(`switching to ${name} failed: ${messageOf(error)}`)
    }
  }

  return {
    run,
    useScheduler,
    dueCount: () => due,
    async start() {
      host.provideStyle(HOST_PAGE_STYLE)
      toolbar('…', 'Notekeeper: practise the due items')
      host.provideModel({
        nkPractice: () => run('practice'),
        nkTriage: event => {
          const token = event.dataset?.['token'] ?? ''
          const verb = event.dataset?.['verb']
          if (verb === 'promote' || verb === 'demote' || verb === 'prune')
            void once('triage', () => triageClick(token, verb))
        },
      })
      host.onMacroRendererSlotted(({ slot, arguments: args }) => {
        if (args[0]?.trim() === CHART_RENDERER) {
          host.provideSlotUI(`nk-chart-${slot}`, slot, chart(args[1]?.trim() ?? ''))
          return
        }
        if (args[0]?.trim() !== TRIAGE_RENDERER) return
        const token = args[1]?.trim() ?? ''
        host.provideSlotUI(`nk-triage-${slot}`, slot, triageButtons(token, triageTargets.has(token)))
      })
      host.onThemeModeChanged(mode => {
        if (host.settings().theme === 'follow') doc.documentElement.dataset['theme'] = mode
      })
      // Logseq emits a settings change right after useSettingsSchema (LSPlugin.core.ts 117, 1310):
      // only a new corpus folder means indexing again.
      host.onSettingsChanged(next => {
        applyTheme()
          .then(() => (next.corpusPath !== connectedPath ? connect() : undefined))
          .catch((error: unknown) => report(messageOf(error)))
      })
      host.onBeforeUnload(dispose)
      await applyTheme()
      await connect()
    },
  }
}

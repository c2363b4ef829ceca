// The parent page of the faithful host: a Logseq-like host written by this project (no Logseq code)
// that loads the built plugin in its real iframe and speaks the protocol the bundled @logseq/libs
// 0.2.12 expects. What each part stands for is in README.md next to this file, with the Logseq
// file and line it follows. Runs in the browser as a classic script, after DOMPurify; its config
// comes in `window.__hostConfig` (line, plugin URL, settings, theme).
;(() => {
  const config = window.__hostConfig
  // Logseq keeps its mode on the page's root (`html[data-theme=light|dark]`), its `--ls-*` colours
  // defined per mode (resources/css/common.css).
  document.documentElement.dataset.theme = config.theme
  const MIME = 'application/x-postmate-v1+json'
  const PID = config.pid
  const LINE = config.line

  /** What a test reads back: everything the plugin made the host do. */
  const rec = {
    line: LINE,
    handshake: false,
    ready: false,
    slash: {},
    commands: {},
    hooks: [],
    toolbar: {},
    msgs: [],
    styles: [],
    injected: {},
    pages: {},
    editing: null,
    route: null,
    mainUI: false,
    settingsChanges: 0,
    settingsSchema: null,
    unknownCalls: [],
    apiCalls: [],
    // When the frame was created and each API call and bridge action came, in page milliseconds
    // (performance.now): what happened first, and how long start-up took.
    timeline: [],
    modelCalls: [],
    unloaded: false,
    editorInFlight: 0,
    editorMaxInFlight: 0,
    mainUIAtUnload: null,
  }
  window.__host = rec

  let settings = { disabled: false, ...config.settings }
  let child = null
  let childOrigin = ''
  let uid = 0
  let counter = 0
  const uuid = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`

  // snake-case as the SDK's `snake-case` package does it (hook names travel in this form)
  const snake = text =>
    String(text)
      .replace(/([a-z0-9])([A-Z])/g, '$1\0$2')
      .replace(/([A-Z])([A-Z][a-z])/g, '$1\0$2')
      .replace(/[^A-Za-z0-9]+/g, '\0')
      .split('\0')
      .filter(Boolean)
      .map(part => part.toLowerCase())
      .join('_')

  // ---- postmate, parent side -------------------------------------------------------------
  const container = document.createElement('div')
  container.className = 'lsp-iframe-sandbox-container'
  container.id = `${PID}_lsp_main`
  container.dataset.pid = PID
  const frame = document.createElement('iframe')
  frame.id = `${PID}_iframe`
  frame.className = 'lsp-iframe-sandbox'
  container.append(frame)
  document.body.append(container)

  /** Host → plugin: a call of a user-model method (LSPlugin.caller.ts `_callUserModel`). */
  function callUserModel(property, data) {
    rec.modelCalls.push(property)
    child.postMessage({ postmate: 'call', type: MIME, property, data }, childOrigin)
  }
  /** Host → plugin: a request that waits for the plugin's reply (postmate `get`). */
  function request(property, ...args) {
    const id = ++uid
    return new Promise((resolve, reject) => {
      const onReply = event => {
        if (event.data?.postmate !== 'reply' || event.data.uid !== id) return
        window.removeEventListener('message', onReply)
        if (event.data.error) reject(event.data.error)
        else resolve(event.data.value)
      }
      window.addEventListener('message', onReply)
      child.postMessage({ postmate: 'request', type: MIME, property, args, uid: id }, childOrigin)
    })
  }
  const hook = (ns, type, payload) => {
    rec.hooks.push(`${ns}:${type}`)
    callUserModel('#lspmsg#', { ns, type, payload })
  }

  const baseInfo = () => ({
    id: PID,
    name: PID,
    version: '0.1.0',
    settings: { ...settings },
    effect: true,
    iir: false,
    lsr: config.pluginUrl.replace(/[^/]*$/, ''),
  })

  function handshake() {
    const url = new URL(config.pluginUrl, location.href)
    url.searchParams.set('__v__', '0.1.0')
    const origin = url.origin
    let tries = 0
    let timer = 0
    const onMessage = event => {
      if (event.origin !== origin || event.data?.type !== MIME) return
      if (event.data.postmate === 'handshake-reply') {
        clearInterval(timer)
        childOrigin = event.origin
        rec.handshake = true
        callUserModel('#lspmsg#ready#', { pid: PID })
        rec.ready = true
        return
      }
      if (event.data.postmate === 'emit' && event.data.value?.name === `#lspmsg#${PID}`) {
        const { type, payload } = event.data.value.data ?? {}
        void onPluginEvent(type, payload ?? {})
      }
    }
    window.addEventListener('message', onMessage)
    const send = () => {
      if (++tries > 5) return clearInterval(timer)
      child.postMessage({ postmate: 'handshake', type: MIME, model: { baseInfo: baseInfo() } }, origin)
    }
    frame.addEventListener('load', () => {
      rec.timeline.push({ at: performance.now(), what: 'frame:load' })
      child = frame.contentWindow
      send()
      timer = setInterval(send, 500)
    })
    rec.timeline.push({ at: performance.now(), what: 'frame:src' })
    frame.src = url.href
  }

  // ---- events the plugin sends -------------------------------------------------------------
  async function onPluginEvent(type, payload) {
    if (type === 'api:call') return apiCall(payload)
    if (type === 'settings:schema') {
      rec.settingsSchema = payload.schema
      // LSPlugin.core.ts: the schema's defaults merged into the settings, whose change event
      // always fires and reaches the plugin as a settings change.
      const defaults = Object.fromEntries((payload.schema ?? []).map(s => [s.key, s.default]))
      settings = { ...defaults, ...settings }
      return emitSettings()
    }
    if (type === 'settings:update') {
      settings = { ...settings, ...payload }
      return emitSettings()
    }
    if (type === 'provider:style') return provideStyle(payload)
    if (type === 'provider:ui') return setupInjectedUI(payload, `${PID}--${payload.key}`)
    if (type === 'main-ui:visible') {
      const visible = payload.toggle ? !rec.mainUI : Boolean(payload.visible)
      rec.mainUI = visible
      container.classList.toggle('visible', visible)
      if (visible) frame.contentWindow?.focus()
      return
    }
    rec.unknownCalls.push(`event ${type}`)
  }

  function emitSettings() {
    rec.settingsChanges++
    callUserModel('#lspmsg#settings#', { type: 'change', payload: { ...settings } })
  }

  function provideStyle(style) {
    const key = typeof style === 'string' ? '' : style.key
    const css = typeof style === 'string' ? style : style.style
    if (!css?.trim()) return
    const attr = key ? `${key}-${PID}` : ''
    let el = attr ? document.querySelector(`style[data-injected-style="${attr}"]`) : null
    if (!el) {
      el = document.createElement('style')
      el.dataset.injectedStyle = attr
      el.dataset.ref = PID
      document.head.append(el)
    }
    el.textContent = css
    rec.styles.push(css)
  }

  // helpers.ts transformableEvent: what a data-on-click handler receives
  const transformable = target => ({
    value: target.value,
    id: target.id,
    className: target.className,
    dataset: { ...target.dataset },
  })

  /** Every element that routes events the way helpers.ts does: closest('[data-on-click]'). */
  function routeClicks(el) {
    el.addEventListener('click', event => {
      const trigger = event.target.closest('[data-on-click]')
      if (trigger?.dataset.onClick) callUserModel(trigger.dataset.onClick, transformable(trigger))
    })
  }

  function sanitize(template) {
    return window.DOMPurify.sanitize(template, {
      ADD_TAGS: ['iframe'],
      ALLOW_UNKNOWN_PROTOCOLS: true,
      ADD_ATTR: ['allow', 'src', 'allowfullscreen', 'frameborder', 'scrolling', 'target'],
    })
  }

  function setupInjectedUI(ui, id) {
    const selector = 'slot' in ui ? `#${ui.slot}` : ui.path
    const target = selector ? document.querySelector(selector) : document.body
    if (!target) {
      rec.unknownCalls.push(`provideUI: no target ${selector}`)
      return
    }
    const existing = document.getElementById(id)
    if (!ui.template) {
      existing?.remove()
      delete rec.injected[ui.key]
      return
    }
    const html = sanitize(ui.template)
    rec.injected[ui.key] = html
    if (existing) {
      existing.innerHTML = html
      return
    }
    if (ui.slot && ui.reset) for (const old of target.querySelectorAll('[data-injected-ui]')) old.remove()
    const el = document.createElement('div')
    el.id = id
    el.dataset.injectedUi = id
    el.dataset.ref = PID
    el.innerHTML = html
    target.append(el)
    routeClicks(el)
  }

  // ---- the toolbar: one item per key, a later registration of the same key replaces it ----
  const toolbar = document.getElementById('toolbar')
  function registerUIItem(type, options) {
    if (type !== 'toolbar') return rec.unknownCalls.push(`ui item ${type}`)
    rec.toolbar[options.key] = options.template
    const id = `toolbar-${PID}-${options.key}`
    document.getElementById(id)?.remove()
    const el = document.createElement('div')
    el.id = id
    el.className = 'injected-ui-item-toolbar'
    el.dataset.injectedUi = id
    el.innerHTML = sanitize(options.template)
    toolbar.append(el)
    routeClicks(el)
  }

  // ---- pages and blocks (the Editor API) ----------------------------------------------------
  const pageOf = name => rec.pages[String(name).toLowerCase()]
  const findBlock = (blocks, id) => {
    for (const b of blocks) {
      if (b.uuid === id) return { block: b, list: blocks }
      const hit = findBlock(b.children, id)
      if (hit) return hit
    }
    return null
  }
  const findAnywhere = id => {
    for (const page of Object.values(rec.pages)) {
      const hit = findBlock(page.blocks, id)
      if (hit) return { page, ...hit }
    }
    return null
  }
  const newBlock = (content, page) => ({ uuid: uuid(), content: String(content), children: [], page: page.name })
  const addPage = (title, format, parent) => {
    const page = {
      uuid: uuid(),
      name: String(title).toLowerCase(),
      originalName: String(title),
      format,
      parent,
      blocks: [],
    }
    // ldb/get-page answers the oldest page of a :block/name: an existing key is kept
    rec.pages[page.name] ??= page
    return page
  }
  const createPage = (name, opts = {}) => {
    const existing = pageOf(name)
    if (existing) return existing
    let page
    if (LINE === '2.x' && String(name).includes('/')) {
      // master frontend/handler/common/page.cljs <create!: split-namespace? defaults to true, and
      // deps/outliner/src/logseq/outliner/page.cljs create / split-namespace-pages makes one page
      // per part, each the child (:block/parent) of the one before; a title may not hold "/"
      // (outliner/validate.cljs validate-page-title-characters). `A/B` is then the page `B`, whose
      // :block/name is "b": no lookup by the name "a/b" finds it (ldb/get-page, :block/name).
      // (Read from the stored master files at commits 02797990ac2b and 0093c50c161e.)
      const parts = String(name)
        .split('/')
        .map(part => part.trim())
        .filter(Boolean)
      let parent = null
      for (const part of parts) {
        const found = Object.values(rec.pages).find(
          p => p.name === part.toLowerCase() && p.parent === (parent?.name ?? null),
        )
        parent = found ?? addPage(part, 'markdown', parent?.name ?? null)
      }
      page = parent
    } else {
      // 0.10 api.cljs create_page passes `format`; page-handler/create! falls back to the
      // graph's preferred format. 2.x DB graphs are Markdown only.
      const format = LINE === '0.10' ? (opts.format ?? config.preferredFormat) : 'markdown'
      page = addPage(name, format, null)
    }
    // 0.10 api.cljs create_page: createFirstBlock defaults to true; master ignores it
    if (LINE === '0.10' && opts.createFirstBlock !== false) page.blocks.push(newBlock('', page))
    if (opts.redirect !== false) rec.route = page.originalName
    return page
  }
  const pageEntity = page => ({
    uuid: page.uuid,
    name: page.name,
    originalName: page.originalName,
    ...(LINE === '0.10' ? { format: page.format } : {}),
  })
  const blockEntity = block => ({ uuid: block.uuid, content: block.content, children: block.children.map(blockEntity) })
  const batch = (tree, page) => {
    const block = newBlock(tree.content, page)
    block.children = (tree.children ?? []).map(child => batch(child, page))
    return block
  }

  // The journal block the user is typing "/practice" into.
  const journal = createPage('Dec 5th, 2026', { createFirstBlock: false, redirect: false })
  const journalBlock = newBlock('', journal)
  journal.blocks.push(journalBlock)

  const API = {
    set_sdk_metadata: () => null,
    _install_plugin_hook: () => null,
    _uninstall_plugin_hook: () => null,
    register_plugin_slash_command: (_pid, [name, actions]) => {
      rec.slash[name] = actions
      return true
    },
    register_plugin_simple_command: (_pid, [spec, action]) => {
      rec.commands[spec.key] = { ...spec, action }
      return true
    },
    register_plugin_ui_item: (_pid, type, options) => registerUIItem(type, options),
    show_msg: (content, status) => {
      rec.msgs.push({ text: String(content), status: status ?? 'success' })
      return `msg-${rec.msgs.length}`
    },
    get_user_configs: () => ({
      preferredThemeMode: config.theme,
      preferredFormat: config.preferredFormat,
      preferredLanguage: 'en',
    }),
    get_current_graph: () => ({ name: 'notes', path: config.graphPath }),
    restore_editing_cursor: () => null,
    create_page: (name, _props, opts) => pageEntity(createPage(name, opts ?? {})),
    get_page: name => (pageOf(name) ? pageEntity(pageOf(name)) : null),
    get_page_blocks_tree: name => (pageOf(name) ? pageOf(name).blocks.map(blockEntity) : null),
    remove_block: id => {
      const hit = findAnywhere(id)
      if (hit) hit.list.splice(hit.list.indexOf(hit.block), 1)
      if (rec.editing === id) rec.editing = null
      return null
    },
    append_block_in_page: (name, content, opts) => {
      // 0.10 api.cljs append_block_in_page: a missing page is created in the preferred format
      const page = pageOf(name) ?? createPage(name, { redirect: false, format: config.preferredFormat })
      const block = newBlock(content, page)
      page.blocks.push(block)
      // 0.10 api.cljs append_block_in_page: focus defaults to true and opens the block for editing
      if (LINE === '0.10' && opts?.focus !== false) rec.editing = block.uuid
      return blockEntity(block)
    },
    insert_batch_block: (id, tree, opts) => {
      const hit = findAnywhere(id)
      if (!hit) throw new Error(`Can't find block ${id}`)
      const blocks = (Array.isArray(tree) ? tree : [tree]).map(t => batch(t, hit.page))
      if (opts?.sibling) hit.list.splice(hit.list.indexOf(hit.block) + 1, 0, ...blocks)
      else hit.block.children.push(...blocks)
      return null
    },
  }

  // Editor calls are database transactions in Logseq: they take time, and the host records overlap.
  const EDITOR = new Set([
    'create_page',
    'get_page_blocks_tree',
    'remove_block',
    'append_block_in_page',
    'insert_batch_block',
  ])
  const pause = ms => new Promise(done => setTimeout(done, ms))

  async function apiCall(payload) {
    const name = String(payload.method).replace(/^ui_/, '')
    const method = (name.startsWith('_') ? '_' : '') + snake(name)
    rec.apiCalls.push(method)
    rec.timeline.push({ at: performance.now(), what: `api:${method}` })
    let result
    try {
      const fn = API[method]
      if (!fn) {
        rec.unknownCalls.push(method)
        throw new Error(`no host API ${payload.method}`)
      }
      if (EDITOR.has(method)) {
        rec.editorMaxInFlight = Math.max(rec.editorMaxInFlight, ++rec.editorInFlight)
        try {
          await pause(8)
          result = await fn(...(payload.args ?? []))
        } finally {
          rec.editorInFlight--
        }
      } else result = await fn(...(payload.args ?? []))
    } catch (error) {
      result = { '#lspmsg#error#': { message: error?.message ?? String(error) } }
    }
    if (payload._sync != null) callUserModel('#lspmsg#reply#', { result: result ?? null, _sync: payload._sync })
  }

  // ---- what the user does --------------------------------------------------------------------
  const runActions = (actions, payload) => {
    for (const [kind, hookName] of actions) if (kind === 'editor/hook') hook('hook:editor', snake(hookName), payload)
  }
  window.__hostActions = {
    slash(name) {
      const actions = rec.slash[name]
      if (!actions) throw new Error(`no slash command ${name}`)
      rec.editing = journalBlock.uuid
      runActions(actions, { uuid: journalBlock.uuid, format: 'markdown', pid: PID })
    },
    command(key) {
      const command = rec.commands[key]
      if (!command) throw new Error(`no command ${key}`)
      runActions([command.action], null)
    },
    macro(args) {
      const slot = `logseq-macro-slot-${++counter}`
      const el = document.createElement('div')
      el.id = slot
      document.getElementById('blocks').append(el)
      hook('hook:app', 'macro_renderer_slotted', {
        slot,
        payload: { arguments: args, uuid: journalBlock.uuid, format: 'markdown' },
      })
      return slot
    },
    theme(mode) {
      config.theme = mode
      document.documentElement.dataset.theme = mode
      hook('hook:app', 'theme_mode_changed', { mode })
    },
    settings(next) {
      settings = { ...settings, ...next }
      emitSettings()
    },
    async unload() {
      await request('#lspmsg#beforeunload#', { unregister: false })
      rec.mainUIAtUnload = rec.mainUI
      for (const el of document.querySelectorAll(`[data-ref="${PID}"]`)) el.remove()
      container.remove()
      rec.unloaded = true
    },
    settingsNow: () => ({ ...settings }),
  }

  // ---- the Electron bridge: top.apis.doAction([action, ...args]) ----------------------------
  const fromWire = value => {
    if (value && typeof value === 'object' && '$date' in value) return new Date(value.$date)
    if (Array.isArray(value)) return value.map(fromWire)
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromWire(v)]))
    return value
  }
  // cognitect transit as master's ipc.cljs writes it when the caller did not ask for "js-obj"
  const transit = value => {
    const enc = v => {
      if (v instanceof Date) return `~m${v.getTime()}`
      if (Array.isArray(v)) return v.map(enc)
      if (v && typeof v === 'object') return ['^ ', ...Object.entries(v).flatMap(([k, x]) => [`~:${k}`, enc(x)])]
      if (typeof v === 'string' && /^[~^`]/.test(v)) return `~${v}`
      return v
    }
    const encoded = enc(value)
    return JSON.stringify(
      Array.isArray(encoded) || (encoded && typeof encoded === 'object') ? encoded : ["~#'", encoded],
    )
  }
  if (config.bridge)
    window.apis = {
      async doAction(args) {
        rec.timeline.push({ at: performance.now(), what: `bridge:${args[0]}` })
        const jsObj = LINE === '2.x' && args[args.length - 1] === 'js-obj'
        const response = await fetch('bridge', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ line: LINE, args: jsObj ? args.slice(0, -1) : args }),
        })
        const { value, error } = await response.json()
        if (LINE === '0.10') {
          // handler.cljs: the error is the resolved value; its code does not survive the IPC
          if (error) return new Error(error)
          return fromWire(value)
        }
        if (jsObj) {
          if (error) throw new Error(error)
          return fromWire(value)
        }
        if (error) return new Error(error)
        return transit(fromWire(value ?? null))
      },
    }

  handshake()
})()

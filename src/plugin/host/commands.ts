import { SCHEDULERS } from '../../core/config.js'
import type { SchedulerName } from '../../core/types.js'
import type { CommandName } from '../session/plugin-app.js'
import type { PluginHost, SettingDescription } from './host.js'

const COMMANDS: { name: CommandName; label: string }[] = [
  { name: 'practice', label: 'Notekeeper: practise the due items' },
  { name: 'validate', label: 'Notekeeper: validate the corpus (Validation report page)' },
  { name: 'hygiene', label: 'Notekeeper: hygiene sweep (Hygiene report page)' },
  { name: 'triage', label: 'Notekeeper: triage Track notes (Triage page)' },
  { name: 'backlinks', label: 'Notekeeper: backlinks of a note' },
  { name: 'schedulers', label: 'Notekeeper: compare the schedulers (Schedulers page)' },
  { name: 'statistics', label: 'Notekeeper: review statistics (Statistics page)' },
]

// Not mod+shift+p: that is Logseq's own command palette. Users can rebind it in Logseq's keymap.
export const PRACTICE_SHORTCUT = 'mod+alt+p'

/** Slash commands, palette entries and the practice shortcut, all running the same commands. */
export function registerCommands(host: PluginHost, run: (command: CommandName) => Promise<void>): void {
  for (const { name, label } of COMMANDS) {
    host.registerSlashCommand(name, () => run(name))
    host.registerCommandPalette({ key: `notekeeper-${name}`, label }, () => run(name))
  }
  host.registerCommandShortcut(
    PRACTICE_SHORTCUT,
    { key: 'notekeeper-practice-shortcut', label: 'Notekeeper: practise' },
    () => run('practice'),
  )
}

/**
 * One palette entry per scheduler: switching writes "scheduler" into the corpus's config.json and
 * replays the log (the same as `notekeeper schedulers --use NAME`), then shows the Schedulers page.
 */
export function registerSchedulerSwitches(host: PluginHost, use: (name: SchedulerName) => Promise<void>): void {
  for (const name of SCHEDULERS) {
    host.registerCommandPalette(
      {
        key: `notekeeper-use-${name}`,
        label: `Notekeeper: switch the scheduler to ${name} (items keep their due dates)`,
      },
      () => use(name),
    )
  }
}

/** Host things only (SPEC 1.8): limits, thresholds and the scheduler live in the corpus's config.json. */
export const SETTINGS_SCHEMA: SettingDescription[] = [
  {
    key: 'corpusPath',
    type: 'string',
    default: '',
    title: 'Corpus folder',
    description:
      // Logseq renders a description as HTML (plugins_settings.cljs, html-content), not Markdown.
      'Absolute path of your notes folder (the one holding <code>internalise/</code>, <code>reference/</code> or <code>track/</code>). Used on Logseq desktop; in a browser you pick the folder instead.',
  },
  {
    key: 'theme',
    type: 'enum',
    default: 'follow',
    title: 'Look',
    description: "Light or dark review window; <code>follow</code> uses Logseq's theme.",
    enumChoices: ['follow', 'light', 'dark'],
    enumPicker: 'select',
  },
]

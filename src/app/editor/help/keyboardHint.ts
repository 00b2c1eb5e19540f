/**
 * The keyboard help under the editor, worded from the keys Monaco binds on
 * the reader's platform (Format Document is Shift+Alt+F on Windows, ⇧⌥F on a
 * Mac and Ctrl+Shift+I on Linux), never from a list written for one of them.
 */

/** The editor commands the help names, by Monaco's command ids. */
export const HELP_COMMANDS = {
  tabFocus: 'editor.action.toggleTabFocusMode',
  nextMarker: 'editor.action.marker.nextInFiles',
  quickFix: 'editor.action.quickFix',
  suggest: 'editor.action.triggerSuggest',
  format: 'editor.action.formatDocument',
  palette: 'editor.action.quickCommand',
} as const

/** Each command's key as Monaco labels it here ("Ctrl+Shift+I", "⇧⌥F"); absent when the command has none. */
export type KeyLabels = Partial<Record<keyof typeof HELP_COMMANDS, string>>

/** What each command does, in the help's words. */
const DOES: Record<Exclude<keyof typeof HELP_COMMANDS, 'tabFocus'>, string> = {
  nextMarker: 'goes to the next marker',
  quickFix: 'shows the quick fixes where the cursor is',
  suggest: 'completes from the schema',
  format: 'formats',
  palette: 'opens the command palette',
}

/**
 * The help's text for the keys Monaco has here; without them (the plain
 * editor shows while Monaco loads) it says what the plain editor does.
 */
export function keyboardHint(labels: KeyLabels | undefined): string {
  if (!labels) return 'Tab moves focus out of this plain text box; the full editor, with quick fixes and completion, is loading.'
  const tab = labels.tabFocus
    ? `Tab indents inside the editor; press ${labels.tabFocus} to make Tab move focus instead.`
    : 'Tab indents inside the editor.'
  const keys = (Object.keys(DOES) as (keyof typeof DOES)[]).flatMap((command) => {
    const label = labels[command]
    return label ? [`${label} ${DOES[command]}`] : []
  })
  if (keys.length === 0) return tab
  const last = keys.pop()
  return `${tab} ${keys.length > 0 ? `${keys.join(', ')} and ${last}` : last}.`
}

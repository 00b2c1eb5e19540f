import { HELP_COMMANDS, type KeyLabels } from '../help/keyboardHint.ts'
import { keybindingService } from './monacoSetup.ts'

/** The keys Monaco's keybinding service gives the help's commands on this platform, labelled as its menus label them. */
export function keyLabels(): KeyLabels {
  const service = keybindingService()
  const labels: KeyLabels = {}
  for (const [name, command] of Object.entries(HELP_COMMANDS) as [keyof typeof HELP_COMMANDS, string][]) {
    const label = service.lookupKeybinding(command)?.getLabel()
    if (label) labels[name] = label
  }
  return labels
}

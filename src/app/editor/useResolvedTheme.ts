import { useSyncExternalStore } from 'react'
import { useSettings } from '../state/settingsStore.ts'

const query = '(prefers-color-scheme: dark)'

/**
 * One list for the page, whose `matches` follows the system: `matchMedia`
 * parses and evaluates a new one on every call, and React reads the snapshot
 * on every render of the panel, which is every keystroke in the editor.
 */
let systemDarkList: MediaQueryList | undefined
const systemDark = (): MediaQueryList => {
  systemDarkList ??= window.matchMedia(query)
  return systemDarkList
}

function subscribe(onChange: () => void): () => void {
  const media = systemDark()
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}

/** The theme actually showing: the user's choice, or the system's when they chose "system". Monaco needs a concrete one. */
export function useResolvedTheme(): 'light' | 'dark' {
  const choice = useSettings((state) => state.theme)
  const dark = useSyncExternalStore(subscribe, () => systemDark().matches)
  if (choice === 'system') return dark ? 'dark' : 'light'
  return choice
}

import { useSyncExternalStore } from 'react'
import { useSettings } from '../state/settingsStore.ts'

const query = '(prefers-color-scheme: dark)'

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(query)
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}

/** The theme actually showing: the user's choice, or the system's when they chose "system". Monaco needs a concrete one. */
export function useResolvedTheme(): 'light' | 'dark' {
  const choice = useSettings((state) => state.theme)
  const systemDark = useSyncExternalStore(subscribe, () => window.matchMedia(query).matches)
  if (choice === 'system') return systemDark ? 'dark' : 'light'
  return choice
}

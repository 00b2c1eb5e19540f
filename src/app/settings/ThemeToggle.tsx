import { useEffect } from 'react'
import type { ThemeChoice } from '../state/playgroundSettings.ts'
import { useSettings } from '../state/settingsStore.ts'

const CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

/** Follows the system colour scheme unless the user picks one; the choice is shared by all tabs. */
export function ThemeToggle() {
  const theme = useSettings((state) => state.theme)
  const setTheme = useSettings((state) => state.setTheme)
  useEffect(() => {
    const root = document.documentElement
    if (theme === 'system') delete root.dataset.theme
    else root.dataset.theme = theme
  }, [theme])
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">Colour theme</legend>
      {CHOICES.map((choice) => (
        <button key={choice.value} type="button" aria-pressed={theme === choice.value} onClick={() => setTheme(choice.value)}>
          {choice.label}
        </button>
      ))}
    </fieldset>
  )
}

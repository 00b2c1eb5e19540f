import { useLayoutEffect } from 'react'
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
  // Applied in the commit, so the frame that shows the pressed button also shows its colours.
  useLayoutEffect(() => {
    const root = document.documentElement
    if (theme === 'system') delete root.dataset.theme
    else root.dataset.theme = theme
  }, [theme])
  return (
    // public/prepaint.js presses the stored choice in the prerendered frame by these attributes, before this renders.
    <fieldset className="segmented" data-setting="theme">
      <legend className="visually-hidden">Colour theme</legend>
      {CHOICES.map((choice) => (
        <button
          key={choice.value}
          type="button"
          value={choice.value}
          aria-pressed={theme === choice.value}
          onClick={() => setTheme(choice.value)}
        >
          {choice.label}
        </button>
      ))}
    </fieldset>
  )
}

import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY } from '../../src/app/state/playgroundSettings.ts'

const script = readFileSync(new URL('../../public/prepaint.js', import.meta.url), 'utf8')

/** Runs public/prepaint.js as the page would, over a store holding `stored` under the settings key; returns the root's data-theme. */
function themeAfterBoot(stored: string | null, options: { storageFails?: boolean } = {}): string | undefined {
  const dataset: Record<string, string> = {}
  const localStorage = {
    getItem(key: string) {
      if (options.storageFails) throw new Error('SecurityError: storage is disabled')
      return key === SETTINGS_STORAGE_KEY ? stored : null
    },
  }
  // The frame's part waits for the parsed body (tests/e2e/firstPaint.spec.ts runs it in the page).
  const document = { documentElement: { dataset }, addEventListener() {} }
  runInNewContext(script, { localStorage, document, JSON })
  return dataset.theme
}

describe('the theme applied before the first paint (public/prepaint.js)', () => {
  it('applies the theme the settings store saved, in the form it saves it', () => {
    expect(themeAfterBoot(JSON.stringify({ ...DEFAULT_SETTINGS, theme: 'dark' }))).toBe('dark')
    expect(themeAfterBoot(JSON.stringify({ ...DEFAULT_SETTINGS, theme: 'light' }))).toBe('light')
  })

  it('leaves the system scheme for the system choice, no settings, or settings it cannot read', () => {
    expect(themeAfterBoot(JSON.stringify(DEFAULT_SETTINGS))).toBeUndefined()
    expect(themeAfterBoot(null)).toBeUndefined()
    expect(themeAfterBoot('{not json')).toBeUndefined()
    expect(themeAfterBoot(JSON.stringify({ theme: 'purple' }))).toBeUndefined()
    expect(themeAfterBoot(JSON.stringify({ ...DEFAULT_SETTINGS, theme: 'dark' }), { storageFails: true })).toBeUndefined()
  })
})

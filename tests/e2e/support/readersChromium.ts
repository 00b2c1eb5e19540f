import { existsSync } from 'node:fs'
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM } from '../../../bench/lib/chromium.ts'

/**
 * The full Chromium a reader runs, for a spec whose subject is that browser's own behaviour: under
 * Playwright's switches it blocks storage in cross-site frames, where the suite's headless shell
 * leaves them theirs. `test.use({ launchOptions: READERS_CHROMIUM })` gives a spec file this browser.
 */
export const READERS_CHROMIUM = {
  ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
  args: CHROMIUM_ARGS,
}

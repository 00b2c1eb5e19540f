import { chromiumLaunchOptions, readersChromiumPath } from '../../../bench/lib/chromium.ts'

/**
 * The full Chromium a reader runs, for a spec whose subject is that browser's own behaviour: under
 * Playwright's switches it blocks storage in cross-site frames, where the suite's headless shell
 * leaves them theirs. `test.use({ launchOptions: READERS_CHROMIUM })` gives a spec file this browser.
 */
export const READERS_CHROMIUM = chromiumLaunchOptions(readersChromiumPath())

/** Launches Debian's Chromium where it is installed, else Playwright's own browser. */
import { existsSync } from 'node:fs'
import { type Browser, chromium } from '@playwright/test'

/** The browser a reader runs: the bench measures in it. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium'
/**
 * The same engine without the browser around it (Debian's `chromium-headless-shell`, what Playwright
 * itself runs headless): a new context in the full headless Chromium also starts the window's
 * WebUI renderer and an on-device model service, which made each test's fresh context twice as slow.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/** Where the tests' Chromium is: the headless shell, else the full browser, else Playwright's own (undefined). */
export function testChromiumPath(): string | undefined {
  return [HEADLESS_SHELL, SYSTEM_CHROMIUM].find((path) => existsSync(path))
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Playwright turns Chromium's third-party storage partitioning off
 * (microsoft/playwright#32701), which blocks storage in cross-site frames
 * outright. Chromium keeps only the last --disable-features switch, so this
 * one replaces Playwright's: the same features minus ThirdPartyStoragePartitioning,
 * for measuring embeds as Chrome runs them for its users.
 */
export const PARTITIONED_STORAGE_ARGS = [
  `--disable-features=${[
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
  ].join(',')}`,
]

/** Where the reader's browser is: Debian's Chromium, else Playwright's own (undefined). */
export function readersChromiumPath(): string | undefined {
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined
}

/** Launch options for the Chromium at `executablePath` (Playwright's own when undefined), with the suite's switches. */
export function chromiumLaunchOptions(executablePath: string | undefined, extraArgs: readonly string[] = []) {
  return { ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS, ...extraArgs] }
}

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(readersChromiumPath(), extraArgs))
}

/** Chromium for a test: the headless shell where installed (see HEADLESS_SHELL). */
export function launchTestChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(testChromiumPath(), extraArgs))
}

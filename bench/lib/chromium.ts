/** Launches Debian's Chromium where it is installed, else Playwright's own browser. */
import { existsSync } from 'node:fs'
import { type Browser, chromium } from '@playwright/test'

export const SYSTEM_CHROMIUM = '/usr/bin/chromium'

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

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
    args: [...CHROMIUM_ARGS, ...extraArgs],
  })
}

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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
    args: CHROMIUM_ARGS,
  })
}

import { readFileSync } from 'node:fs'
import { test as base } from '@playwright/test'
import { type SandboxFixtures, sandboxFixtures } from 'developer-sandbox/playwright'

/** The app's key, from its config; each test's new sandbox registers it before the page loads. */
export const API_KEY = /^VITE_API_KEY=(.+)$/m.exec(readFileSync(new URL('../.env', import.meta.url), 'utf8'))?.[1] ?? ''

export const test = base.extend<SandboxFixtures>(sandboxFixtures({ key: API_KEY, app: 'react-app', scopes: ['status.read', 'usage.read'] }))
export { expect } from '@playwright/test'

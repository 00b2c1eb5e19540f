/**
 * The engine journeys' fixtures: one browser of the project's engine per
 * Playwright worker (started once, shared by the worker's journeys), and a
 * fresh context, a new profile, for each journey.
 */
import { test as base } from '@playwright/test'
import type { Engine, EngineContext, EngineName } from './engine.ts'
import { launchEngine } from './launchEngine.ts'

export interface EngineOptions {
  /** Set per project in playwright.config.ts. */
  engineName: EngineName
}

export const test = base.extend<{ profile: EngineContext; site: URL }, EngineOptions & { engine: Engine }>({
  engineName: ['chromium', { option: true, scope: 'worker' }],
  engine: [
    async ({ engineName }, use) => {
      const engine = await launchEngine(engineName)
      await use(engine)
      await engine.close()
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  profile: [
    async ({ engine }, use) => {
      const context = await engine.newContext()
      await use(context)
      await context.close()
    },
    // Room for a stuck WebKit session's driver to be started again (webkitEngine.ts).
    { timeout: 90_000 },
  ],
  site: async ({ baseURL }, use) => {
    await use(new URL(baseURL ?? 'http://localhost:4173/'))
  },
})

export { expect } from '@playwright/test'

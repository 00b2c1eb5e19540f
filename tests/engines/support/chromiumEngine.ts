import type { Frame, Page } from '@playwright/test'
import { launchChromium as launchBrowser } from '../../../bench/lib/chromium.ts'
import type { Engine, EngineContext, EnginePage, EngineView } from './engine.ts'

function view(target: Page | Frame): EngineView {
  return {
    // An expression, not a function handle: Playwright hands a function one argument, the journeys' take several.
    evaluate: (fn, ...args) => target.evaluate(`(${fn.toString()}).apply(null, ${JSON.stringify(args)})`),
    click: (selector) => target.locator(selector).first().click(),
    async frame(selector) {
      const frame = await (await target.waitForSelector(selector)).contentFrame()
      if (!frame) throw new Error(`Failed to enter the frame ${selector}: it has no document.`)
      return view(frame)
    },
  }
}

function enginePage(page: Page): EnginePage {
  return {
    ...view(page),
    goto: async (url) => void (await page.goto(url)),
    type: (text, delayMs) => page.keyboard.type(text, { delay: delayMs }),
    press: (chord) => page.keyboard.press(chord),
    close: () => page.close(),
  }
}

/** Chromium through Playwright: Debian's build where it is installed, else Playwright's own. */
export async function launchChromium(): Promise<Engine> {
  const browser = await launchBrowser()
  return {
    name: 'chromium',
    version: `Chromium ${browser.version()}`,
    async newContext(): Promise<EngineContext> {
      const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1280, height: 900 } })
      return { newPage: async () => enginePage(await context.newPage()), close: () => context.close() }
    },
    close: () => browser.close(),
  }
}

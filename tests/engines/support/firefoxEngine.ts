import puppeteer, { type Browser, type Frame, type Page } from 'puppeteer-core'
import { type Engine, type EngineContext, type EnginePage, type EngineView, splitChord } from './engine.ts'

export const FIREFOX = '/usr/bin/firefox-esr'

/** Puppeteer names keys as the DOM's `KeyboardEvent.key` does, but for a few. */
type KeyName = Parameters<Page['keyboard']['press']>[0]

function view(target: Page | Frame): EngineView {
  return {
    evaluate: (fn, ...args) => target.evaluate(fn as (...args: unknown[]) => unknown, ...args) as never,
    async click(selector) {
      const element = await target.waitForSelector(selector, { visible: true })
      if (!element) throw new Error(`Failed to click ${selector}: no such element.`)
      await element.click()
      await element.dispose()
    },
    async frame(selector) {
      const element = await target.waitForSelector(selector)
      const frame = await element?.contentFrame()
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
    async press(chord) {
      const { modifiers, key } = splitChord(chord)
      for (const modifier of modifiers) await page.keyboard.down(modifier as KeyName)
      await page.keyboard.press(key as KeyName)
      for (const modifier of modifiers.reverse()) await page.keyboard.up(modifier as KeyName)
    },
    close: () => page.close(),
  }
}

/** Debian's Firefox ESR through Puppeteer over WebDriver BiDi, which needs no geckodriver. */
export async function launchFirefox(): Promise<Engine> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocol: 'webDriverBiDi',
    // Off the machine there is nothing to reach: no update checks, no telemetry, no captive-portal probe.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'network.captive-portal-service.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
    },
  })
  return {
    name: 'firefox',
    version: await browser.version(),
    async newContext(): Promise<EngineContext> {
      const context = await browser.createBrowserContext()
      return {
        async newPage() {
          const page = await context.newPage()
          await page.setViewport({ width: 1280, height: 900 })
          return enginePage(page)
        },
        close: () => context.close(),
      }
    },
    close: () => browser.close(),
  }
}

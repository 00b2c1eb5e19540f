import { test as base, expect, type Page } from '@playwright/test'

/**
 * Every test runs with two watchers: nothing may log a console error or throw
 * on the page, and no request may leave the page's own origin (no CDN, no
 * fonts, nothing). Both are checked after the test, for every page it opened.
 */
export interface Watch {
  consoleErrors: string[]
  foreignRequests: string[]
  /** Every http(s) request URL seen, for tests that assert on them. */
  requests: string[]
}

// The suite's own server: playwright.config.ts chooses its port and sets E2E_PORT.
const ORIGIN = `http://localhost:${process.env.E2E_PORT}`
const API = `${ORIGIN}/api/developer/v1/`

function isAllowed(url: string): boolean {
  // data: (the favicon) and blob: (export downloads) never touch the network.
  if (url.startsWith('data:') || url.startsWith('blob:')) return true
  try {
    return new URL(url).origin === ORIGIN
  } catch {
    return false
  }
}

export const test = base.extend<{ watch: Watch }>({
  watch: [
    async ({ context }, use) => {
      const watch: Watch = { consoleErrors: [], foreignRequests: [], requests: [] }
      const follow = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() !== 'error') return
          const where = message.location().url
          // Chromium logs every 4xx/5xx answer to fetch as "Failed to load resource". For the
          // sandbox's own API these are the answers the tests provoke on purpose, not faults.
          if (/^Failed to load resource: the server responded with a status of \d{3}/.test(message.text()) && where.startsWith(API)) return
          watch.consoleErrors.push(`${message.text()} @ ${where}`)
        })
        page.on('pageerror', (error) => watch.consoleErrors.push(`pageerror: ${error.message}`))
      }
      context.pages().forEach(follow)
      context.on('page', follow)
      // Context-level: covers every page and the service worker's own fetches.
      context.on('request', (request) => {
        const url = request.url()
        watch.requests.push(url)
        if (!isAllowed(url)) watch.foreignRequests.push(url)
      })
      await use(watch)
      expect(watch.foreignRequests, 'requests that left the page origin').toEqual([])
      expect(watch.consoleErrors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

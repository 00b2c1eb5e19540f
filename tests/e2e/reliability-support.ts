/**
 * What the reliability specs share: a session recorder that every test gets
 * (every request, every console message of pages and service workers, page
 * errors and Content-Security-Policy violations), checked after each test,
 * and read-outs of everything the browser keeps for the site.
 */
import { type BrowserContext, test as base, expect, type Page, type Worker } from '@playwright/test'

export interface SessionRecord {
  /** The site's origin, from the configured base URL. */
  origin: string
  /** Every URL requested by any page, frame or worker of the context (including requests the browser then blocked). */
  requests: string[]
  /** Requests that failed, as `url reason` (e.g. `net::ERR_BLOCKED_BY_CSP`). */
  failedRequests: string[]
  /** Every console message of every page, frame and service worker, all levels, as `type: text`. */
  consoleMessages: string[]
  /** Console errors and uncaught errors, minus Chromium's log line for the API's own error answers. */
  errors: string[]
  /** `securitypolicyviolation` events of every frame, and Chromium's console reports of blocked content. */
  cspViolations: string[]
}

const API_PATH = '/api/developer/v1/'
const CONTROL_PATH = '/_developer-sandbox/'
const API_STATUS_LOG = /^Failed to load resource: the server responded with a status of \d{3}/
const CSP_CONSOLE = /Content Security Policy|Refused to (load|execute|apply|frame|connect|create|evaluate)/i

/** Requests that never reach a network: the data: favicon, blob: downloads, about:blank frames. */
function isLocalScheme(url: string): boolean {
  return url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')
}

/** The requests of a session that went to an origin other than the site's. */
export function foreignRequests(session: SessionRecord): string[] {
  return session.requests.filter((url) => {
    if (isLocalScheme(url)) return false
    try {
      return new URL(url).origin !== session.origin
    } catch {
      return true
    }
  })
}

function recordSession(context: BrowserContext, origin: string): SessionRecord {
  const session: SessionRecord = { origin, requests: [], failedRequests: [], consoleMessages: [], errors: [], cspViolations: [] }
  const onConsole = (where: string) => (message: { type(): string; text(): string; location(): { url: string } }) => {
    const text = message.text()
    session.consoleMessages.push(`${message.type()}: ${text}`)
    if (CSP_CONSOLE.test(text)) session.cspViolations.push(`console (${where}): ${text}`)
    if (message.type() !== 'error') return
    const url = message.location().url
    const path = new URL(url || 'about:blank', origin).pathname
    // An API refusal is an answer; so is a control call's, but a 500 there is a defect of ours.
    if (API_STATUS_LOG.test(text) && (path.startsWith(API_PATH) || (path.startsWith(CONTROL_PATH) && !/status of 500/.test(text)))) return
    session.errors.push(`${text} @ ${url}`)
  }
  context.on('request', (request) => session.requests.push(request.url()))
  context.on('requestfailed', (request) => session.failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ''}`))
  context.on('console', onConsole('page'))
  context.on('weberror', (error) => session.errors.push(`pageerror: ${String(error.error())}`))
  const followWorker = (worker: Worker) => worker.on('console', onConsole(`service worker ${worker.url()}`))
  context.serviceWorkers().forEach(followWorker)
  context.on('serviceworker', followWorker)
  return session
}

/**
 * Every test gets `session`; afterwards it must show no request to another
 * origin, no console or page error and no CSP violation. `securitypolicyviolation`
 * is caught in every frame (the gallery's embeds too) by an init script that
 * reports through a binding; both are injected by the browser, not by the
 * page, so the page's own policy does not apply to them.
 */
export const test = base.extend<{ session: SessionRecord }>({
  session: [
    async ({ context, baseURL }, use) => {
      const origin = new URL(baseURL ?? 'http://localhost:4173/').origin
      const session = recordSession(context, origin)
      await context.exposeBinding('__reportCspViolation', ({ frame }, text: string) => {
        session.cspViolations.push(`${frame.url()}: ${text}`)
      })
      await context.addInitScript(() => {
        const report = (globalThis as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation
        document.addEventListener('securitypolicyviolation', (event) => {
          report?.(
            `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
          )
        })
      })
      await use(session)
      expect(foreignRequests(session), 'requests that left the site origin').toEqual([])
      expect(session.errors, 'console and page errors').toEqual([])
      expect(session.cspViolations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** Everything the browser keeps for the page's origin, surface by surface, as text to search. */
export interface StoredSurfaces {
  /** One entry per database and store: its records and their primary keys. */
  indexedDB: Record<string, string>
  localStorage: string
  sessionStorage: string
  cacheStorage: string
  cookies: string
  /** The page's URL and title now, its service-worker registrations and every resource URL it fetched. */
  urls: string
  /** The document as it is now. */
  dom: string
}

/** Reads every IndexedDB database (all stores, all records and keys), Web Storage, Cache Storage, cookies, URLs and the DOM. */
export function readStoredSurfaces(page: Page): Promise<StoredSurfaces> {
  return page.evaluate(async () => {
    const settle = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    const indexed: Record<string, string> = {}
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      // Opened at its current version (no version argument), so nothing is upgraded or created.
      const db = await settle(indexedDB.open(info.name))
      for (const name of Array.from(db.objectStoreNames)) {
        const store = db.transaction(name, 'readonly').objectStore(name)
        const [records, keys] = await Promise.all([settle(store.getAll()), settle(store.getAllKeys())])
        indexed[`${info.name}/${name}`] = JSON.stringify({ records, keys })
      }
      db.close()
    }
    const cached: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        const response = await cache.match(request)
        cached.push(`${name} ${request.url} ${response ? await response.text() : ''}`)
      }
    }
    const registrations = await navigator.serviceWorker.getRegistrations()
    return {
      indexedDB: indexed,
      localStorage: JSON.stringify({ ...localStorage }),
      sessionStorage: JSON.stringify({ ...sessionStorage }),
      cacheStorage: cached.join('\n'),
      cookies: document.cookie,
      urls: [
        location.href,
        document.title,
        document.referrer,
        ...registrations.map((registration) => `${registration.scope} ${registration.active?.scriptURL ?? ''}`),
        ...performance.getEntries().map((entry) => entry.name),
      ].join('\n'),
      dom: document.documentElement.outerHTML,
    }
  })
}

/** The URL and title of every entry of the tab's session history (back/forward list), through the DevTools protocol. */
export async function navigationEntries(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  const history = await cdp.send('Page.getNavigationHistory')
  await cdp.detach()
  return history.entries.flatMap((entry) => [entry.url, entry.userTypedURL, entry.title])
}

/** Tells each payload page apart: every injected script, handler or URL calls this with its id. */
export const XSS_HOOK = '__xssHit'

/**
 * Installs the hook every XSS payload calls when it runs, and records dialogs
 * (the payloads that call alert()). Returns what has fired so far.
 */
export async function watchForScripts(context: BrowserContext): Promise<{ fired(): Promise<string[]>; dialogs: string[] }> {
  const dialogs: string[] = []
  const hits: string[] = []
  await context.exposeBinding('__xssReport', ({ frame }, id: string) => {
    hits.push(`${id} in ${frame.url()}`)
  })
  await context.addInitScript((hook) => {
    const report = (globalThis as unknown as { __xssReport?: (id: string) => void }).__xssReport
    Object.defineProperty(globalThis, hook, { value: (id: unknown) => report?.(String(id)), configurable: false })
  }, XSS_HOOK)
  context.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
  return { fired: async () => [...hits], dialogs }
}

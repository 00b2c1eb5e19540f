/**
 * Playwright's network routing answered by the sandbox
 * (`developer-sandbox/playwright`): the same idea as `@msw/playwright`, with
 * no service worker and no msw, the sandbox running in the test process.
 * Playwright is an optional peer: only its types are imported here, so the
 * package never loads it.
 */
import type { BrowserContext, Fixtures, Request as PlaywrightRequest, PlaywrightTestArgs, Route } from '@playwright/test'
import { BASE_PATH, type IssuedKey, type Sandbox } from '../api/core.ts'
import { createTestSandbox, type FreshOptions, type TestSandbox } from './createTestSandbox.ts'

/**
 * Only the API's own paths, on any origin: the app's pages and assets still
 * come from its server. A glob rather than a predicate, so the browser only
 * pauses the requests it matches instead of asking the test process about each.
 */
const API_URLS = `**${BASE_PATH}/**`

/** The request the browser made, as a Fetch `Request` for the core; HTTP/2 pseudo-headers are not headers. */
async function toFetchRequest(request: PlaywrightRequest): Promise<Request> {
  const headers = Object.entries(await request.allHeaders()).filter(([name]) => !name.startsWith(':'))
  const body = request.postDataBuffer()
  return new Request(request.url(), { method: request.method(), headers, body: body === null ? null : new Uint8Array(body) })
}

/**
 * Routes every request under the API's base path, from any origin and any
 * page of the context, to the sandbox. Resolves to a function that undoes it.
 * @example
 * const unroute = await routeSandbox(context, sandbox)
 */
export async function routeSandbox(
  context: Pick<BrowserContext, 'route' | 'unroute'>,
  sandbox: Pick<Sandbox, 'handle'>,
): Promise<() => Promise<void>> {
  const answer = async (route: Route, request: PlaywrightRequest) => {
    const response = await sandbox.handle(await toFetchRequest(request))
    await route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() })
  }
  await context.route(API_URLS, answer)
  return () => context.unroute(API_URLS, answer)
}

export interface SandboxFixtures {
  /** This test's own sandbox, in memory, answering the context's API requests. */
  sandbox: TestSandbox
  /** The known key registered in it before the test starts. */
  sandboxKey: IssuedKey
}

/**
 * Fixtures for `test.extend`: every test gets a new sandbox in memory, routed
 * into its browser context, with `options.key` (default `TEST_KEY`) registered.
 * @example
 * export const test = base.extend<SandboxFixtures>(sandboxFixtures({ key: API_KEY }))
 */
export function sandboxFixtures(options: FreshOptions = {}): Fixtures<SandboxFixtures, Record<never, never>, PlaywrightTestArgs> {
  return {
    sandbox: [
      async ({ context }, use) => {
        const sandbox = createTestSandbox({ memory: true })
        const unroute = await routeSandbox(context, sandbox)
        await use(sandbox)
        await unroute()
        await sandbox.close()
      },
      { auto: true },
    ],
    sandboxKey: [async ({ sandbox }, use) => use(await sandbox.fresh(options)), { auto: true }],
  }
}

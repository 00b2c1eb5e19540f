/**
 * A sandbox for front-end tests and stories (`developer-sandbox/testing`):
 * the real core, plus a fault switch and a one-line fresh start with a known
 * key. No msw here, so a Playwright fixture in Node can use it as well as a
 * page whose handlers come from `createHandlers`.
 */
import {
  BASE_PATH,
  createSandboxCore,
  type Faults,
  type IssuedKey,
  RATE_LIMIT,
  type Sandbox,
  type SandboxOptions,
  SCOPES,
  type Scope,
  snapshotFromFixture,
  type WorkspaceFixture,
} from '../api/core.ts'

/** The key `fresh()` registers unless told otherwise: every test can send it without asking for it. */
export const TEST_KEY = 'svc_test_DeveloperSandboxTestKey00000000000000000000'

export interface FreshOptions {
  /** The plaintext key to register (`svc_test_` + 43 base64url characters), e.g. your app config's; default `TEST_KEY`. */
  key?: string
  /** Its scopes; default every scope. Leave one out to see the 403 it earns. */
  scopes?: readonly Scope[]
  /** Its app: keys of one app share a project and its usage; default `playground`. */
  app?: string
  /**
   * Keys and usage history to start from instead of an empty workspace: a
   * `WorkspaceFixture`, or a JSON file's contents, checked as it loads.
   */
  fixture?: WorkspaceFixture | object
}

export interface TestSandbox extends Sandbox {
  /** Fault switches, read on every request: `authorization: 'unavailable'` answers 503, `latencyMs` holds each answer back. */
  faults: Faults
  /** Starts over: the fixture (or nothing), no faults, and one known key, which it returns. */
  fresh(options?: FreshOptions): Promise<IssuedKey>
  /** Spends a key's whole rate window through the API, so its next request is answered 429 until a minute has passed. */
  exhaustRateLimit(key: string): Promise<void>
}

/**
 * Creates a test sandbox; it opens its database on first use, like `createSandboxCore`.
 * @example
 * const sandbox = createTestSandbox({ databaseName: 'my-app-tests' })
 * const { key } = await sandbox.fresh({ scopes: ['status.read'] })
 */
export function createTestSandbox(options: Omit<SandboxOptions, 'faults'> = {}): TestSandbox {
  const now = options.now ?? Date.now
  const core = createSandboxCore({ ...options, now, faults: () => sandbox.faults })
  const sandbox: TestSandbox = {
    ...core,
    faults: {},
    async fresh({ key = TEST_KEY, scopes = SCOPES, app, fixture } = {}) {
      sandbox.faults = {}
      if (fixture) await core.workspace.importState(snapshotFromFixture(fixture, { now: now() }))
      else await core.workspace.reset()
      return core.workspace.issueKey({ key, scopes, ...(app === undefined ? {} : { app }), label: 'test key' })
    },
    async exhaustRateLimit(key) {
      const request = () => new Request(`http://sandbox.test${BASE_PATH}/status`, { headers: { Authorization: `Bearer ${key}` } })
      for (let sent = 0; sent < RATE_LIMIT; sent++) {
        const { status } = await core.handle(request())
        if (status === 429) return
        if (status === 401 || status === 503)
          throw new Error(`Failed to exhaust the rate limit of "…${key.slice(-4)}": the sandbox answered ${status}.`)
      }
    },
  }
  return sandbox
}

import { BASE_PATH } from '../../../api/core.ts'
import type { OutsideRequest } from '../../../bridge/tab/outsideRequest.ts'
import { createControlClient } from '../../../client/controlClient.ts'
import { createSandboxClient } from '../../../client/sandboxClient.ts'
import { createJournalFeed, PAGE_MARK_HEADER } from './journalFeed.ts'
import { followJournalSignal, JOURNAL_EVENTS_PATH } from './journalSignal.ts'
import type { SandboxConnection, SandboxHost } from './sandboxConnection.ts'

export interface RemoteConnectionOptions {
  host: Exclude<SandboxHost, { kind: 'tab' }>
  /** The sandbox's root URL: its API and control API answer below it (the page's own site). */
  siteUrl: URL
  /** The admin token, held in this page's memory. */
  adminToken: string
  /** How often the page re-reads what other clients may have changed. */
  pollMs?: number
  /** How often the page reads the request journal while the history follows it. */
  journalPollMs?: number
  /** The fetch both clients call through, after the same-origin check; the global one by default. */
  fetch?: typeof fetch
}

/** Other clients change a shared sandbox without telling the page: keys, clock and faults are re-read this often. */
const POLL_MS = 1000
/**
 * The journal is read this often where the host does not signal it, so a request another client sent
 * shows in the history well within a second: the wait is at most one period plus one read through the
 * Worker to the workspace's Durable Object (about 11 ms). Measured in docs/decisions/041.
 */
const JOURNAL_POLL_MS = 250
/**
 * While the host's signal stream is open, the journal is read on each signal, and by the clock only this
 * rarely: a signal lost with a connection that died unnoticed costs a few seconds, not the row.
 */
const SIGNALLED_POLL_MS = 5000
/**
 * Which hosts signal that the journal grew. `serve` does (node:http holds a stream for nothing); a team
 * workspace does not: a Durable Object holding a stream open is billed for as long as it does, so there
 * the page polls.
 */
const SIGNALS_JOURNAL: Record<RemoteConnectionOptions['host']['kind'], boolean> = { serve: true, workspace: false }

/**
 * The connection to a sandbox on another host (`serve`, a team workspace),
 * which serves this page from its own origin: the same two clients, with the
 * admin token sent to that origin only. Changes other clients make are
 * found by re-reading while something listens.
 */
export function createRemoteConnection(options: RemoteConnectionOptions): SandboxConnection {
  const origin = options.siteUrl.origin
  const gone = new Set<(reason: string) => void>()
  let goneReason: string | undefined
  const send: typeof fetch = async (input, init) => {
    const response = await (options.fetch ?? fetch)(input, init)
    const reason = goneReason === undefined ? await goneSaid(response) : undefined
    if (reason !== undefined) sandboxGone(reason)
    return response
  }
  const sameOrigin: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), options.siteUrl)
    // The token never leaves for another origin, whatever URL a caller builds.
    if (url.origin !== origin) return Promise.reject(new Error(`Failed to call "${url.origin}": this page talks to ${origin} only.`))
    if (!url.pathname.includes(BASE_PATH)) return send(input, init)
    // The page's own API requests are marked, so the journal's copy of them is not shown again as an outside request.
    const headers = new Headers(init?.headers)
    headers.set(PAGE_MARK_HEADER, pageMark)
    return send(input, { ...init, headers })
  }
  const pageMark = crypto.randomUUID()
  const control = createControlClient({ url: options.siteUrl.href, token: options.adminToken, fetch: sameOrigin })
  const changed = new Set<() => void>()
  const outside = new Set<(request: OutsideRequest) => void>()
  const readJournal = createJournalFeed(control, pageMark, (request) => {
    for (const listener of outside) listener(request)
  })
  const followChanges = polled(changed, options.pollMs ?? POLL_MS, () => {
    for (const listener of changed) listener()
  })
  // A sandbox that is gone stays gone: every re-read would be one more 404, so they all stop.
  function sandboxGone(reason: string): void {
    goneReason = reason
    followChanges.stop()
    followJournal.stop()
    stopSignal?.()
    stopSignal = undefined
    for (const listener of [...gone]) listener(reason)
  }
  let signalled = false
  let lastRead = 0
  const readJournalNow = () => {
    lastRead = Date.now()
    return readJournal()
  }
  const followJournal = polled(outside, options.journalPollMs ?? JOURNAL_POLL_MS, () => {
    if (!signalled || Date.now() - lastRead >= SIGNALLED_POLL_MS) void readJournalNow()
  })
  let stopSignal: (() => void) | undefined
  return {
    host: options.host,
    api: createSandboxClient({ origin: options.siteUrl.href.replace(/\/$/, ''), fetch: sameOrigin }),
    control,
    onChange: (listener) => (goneReason !== undefined ? () => {} : followChanges(listener)),
    onGone(listener) {
      if (goneReason !== undefined) {
        listener(goneReason)
        return () => {}
      }
      gone.add(listener)
      return () => gone.delete(listener)
    },
    onOutsideRequest(listener) {
      if (goneReason !== undefined) return () => {}
      if (outside.size === 0) {
        // The first read hands on what the journal already holds, so the history opens with the requests made before the page.
        void readJournalNow()
        if (SIGNALS_JOURNAL[options.host.kind]) {
          stopSignal = followJournalSignal({
            url: new URL(JOURNAL_EVENTS_PATH, options.siteUrl),
            adminToken: options.adminToken,
            fetch: sameOrigin,
            onSignal: () => void readJournalNow(),
            onLive: (live) => {
              signalled = live
            },
          })
        }
      }
      const unfollow = followJournal(listener)
      return () => {
        unfollow()
        if (outside.size > 0) return
        stopSignal?.()
        stopSignal = undefined
        signalled = false
      }
    },
  }
}

/** Adds listeners to `listeners`, running `tick` every `everyMs` while there is at least one, until `stop()`. */
function polled<T>(listeners: Set<T>, everyMs: number, tick: () => void): ((listener: T) => () => void) & { stop(): void } {
  let timer: ReturnType<typeof setInterval> | undefined
  let stopped = false
  const halt = () => {
    if (timer !== undefined) clearInterval(timer)
    timer = undefined
  }
  const follow = (listener: T) => {
    listeners.add(listener)
    if (!stopped) timer ??= setInterval(tick, everyMs)
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0) halt()
    }
  }
  return Object.assign(follow, {
    stop() {
      stopped = true
      halt()
    },
  })
}

/** The problem code a host answers for a sandbox that no longer exists (a deleted or expired team workspace). */
const GONE_CODE = 'workspace_not_found'

/** The host's words when `response` says the sandbox is gone, else undefined; reads a copy, so the caller still gets the body. */
async function goneSaid(response: Response): Promise<string | undefined> {
  if (response.status !== 404 || !response.headers.get('content-type')?.includes('json')) return undefined
  try {
    const problem = (await response.clone().json()) as { code?: unknown; detail?: unknown }
    if (problem.code !== GONE_CODE) return undefined
    return typeof problem.detail === 'string' ? problem.detail : 'The host no longer has this sandbox.'
  } catch {
    return undefined
  }
}

/**
 * Whether the host says the sandbox this page belongs to is gone, asked
 * without the admin token (its OpenAPI document answers for the sandbox
 * whoever asks), so a page opened later says so instead of asking for a
 * token; the host's words, or undefined.
 */
export async function sandboxGoneBeforeToken(siteUrl: URL, send: typeof fetch = fetch): Promise<string | undefined> {
  try {
    return await goneSaid(await send(new URL('openapi.json', siteUrl), { headers: { Accept: 'application/json' } }))
  } catch {
    return undefined
  }
}

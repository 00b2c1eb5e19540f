/**
 * Connects a frame to the site's embed service worker: registers it (one
 * registration serves every embed of the site in this browser partition),
 * waits until it controls the frame, and talks to it over a MessageChannel.
 * Every refusal comes back as a reason, for the in-page fallback to show.
 */
import { within } from '../../runtime/within.ts'
import type { DegradedReason } from './embedProblem.ts'
import { errorDetail } from './embedProblem.ts'
import { type SessionLink, unwrap } from './sessionLink.ts'
import { SESSION_MESSAGE, type SessionCall, type SessionReply } from './sessionProtocol.ts'

const START_TIMEOUT_MS = 10_000
/** How long a frame loaded past the worker (a hard reload) waits to be claimed before answering in the page. */
const CLAIM_TIMEOUT_MS = 2_000
const CALL_TIMEOUT_MS = 10_000

export type WorkerConnection = { ok: true; link: SessionLink } | { ok: false; reason: DegradedReason; detail?: string }

class Timeout extends Error {}

/** The worker script and its scope, beside the pages under the site's base. */
export function embedWorkerUrls(base: string = import.meta.env.BASE_URL): { script: string; scope: string } {
  return { script: `${base}embed-sw.js`, scope: `${base}embed.html` }
}

/** Resolves once `isOurs()` holds, checking at each controller change; rejects after `ms`. */
function controlledBy(container: ServiceWorkerContainer, isOurs: () => boolean, ms: number): Promise<void> {
  if (isOurs()) return Promise.resolve()
  let listener: (() => void) | undefined
  return within(
    new Promise<void>((resolve) => {
      listener = () => {
        if (isOurs()) resolve()
      }
      container.addEventListener('controllerchange', listener)
    }),
    ms,
    () => new Timeout(`not controlled within ${ms / 1000} s`),
  ).finally(() => {
    if (listener) container.removeEventListener('controllerchange', listener)
  })
}

function call(container: ServiceWorkerContainer, body: SessionCall): Promise<SessionReply> {
  const worker = container.controller
  if (!worker) return Promise.resolve({ ok: false, message: 'the embed worker no longer controls this frame' })
  const channel = new MessageChannel()
  const reply = new Promise<SessionReply>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<SessionReply>) => resolve(event.data)
  })
  worker.postMessage({ type: SESSION_MESSAGE, call: body }, [channel.port2])
  return within(reply, CALL_TIMEOUT_MS, () => new Timeout(`the embed worker did not answer "${body.op}"`)).finally(() =>
    channel.port1.close(),
  )
}

function linkOver(container: ServiceWorkerContainer): SessionLink {
  return {
    async acquire(scopes, renew = false) {
      return unwrap(await call(container, { op: 'acquire', scopes, renew }), 'issue the example key').key
    },
    async release() {
      unwrap(await call(container, { op: 'release' }), 'revoke the example key')
    },
    async setClockOffset(offsetMs) {
      unwrap(await call(container, { op: 'clock', offsetMs }), "move the example's clock")
    },
    async keys() {
      return unwrap(await call(container, { op: 'keys' }), 'list the example keys').keys ?? []
    },
    close() {
      container.controller?.postMessage({ type: SESSION_MESSAGE, call: { op: 'close' } }, [new MessageChannel().port2])
    },
  }
}

async function connect(container: ServiceWorkerContainer): Promise<WorkerConnection> {
  const { script, scope } = embedWorkerUrls()
  try {
    // A browser that blocks service workers by policy may answer with no registration at all.
    const registered: ServiceWorkerRegistration | undefined = await within(
      container.register(script, { scope }),
      START_TIMEOUT_MS,
      () => new Timeout('no registration'),
    )
    if (!registered) return { ok: false, reason: 'no-service-worker' }
  } catch (error) {
    // Where storage is blocked for third-party frames, engines refuse the registration: Chromium with a
    // NotSupportedError saying "The user denied permission to use Service Worker", others with a SecurityError.
    const blocked = error instanceof DOMException && (error.name === 'SecurityError' || /denied/i.test(error.message))
    return { ok: false, reason: blocked ? 'storage-blocked' : 'worker-failed', detail: errorDetail(error) }
  }
  try {
    const registration = await within(container.ready, START_TIMEOUT_MS, () => new Timeout('the worker never became active'))
    // Another worker of the site (the playground's, scope "./") may control a frame loaded before this one was
    // registered: only the embed worker will do.
    const isOurs = () => container.controller !== null && container.controller.scriptURL === registration.active?.scriptURL
    // Activation claims every frame already open; one loaded past the worker, or under another, asks, then waits.
    const claimed = controlledBy(container, isOurs, isOurs() ? 0 : CLAIM_TIMEOUT_MS)
    if (!isOurs()) {
      const channel = new MessageChannel()
      registration.active?.postMessage({ type: SESSION_MESSAGE, call: { op: 'claim' } }, [channel.port2])
      channel.port1.close()
    }
    await claimed.catch(() => undefined)
    if (!isOurs()) return { ok: false, reason: 'not-controlled' }
  } catch (error) {
    return { ok: false, reason: error instanceof Timeout ? 'worker-timeout' : 'worker-failed', detail: errorDetail(error) }
  }
  return { ok: true, link: linkOver(container) }
}

/** The worker's link for this frame, or why there is none. */
export function connectWorker(): Promise<WorkerConnection> {
  if (!window.isSecureContext) return Promise.resolve({ ok: false, reason: 'insecure-context' })
  let container: ServiceWorkerContainer | undefined
  try {
    container = navigator.serviceWorker
  } catch (error) {
    // Reading the property throws where storage is blocked in some engines.
    return Promise.resolve({ ok: false, reason: 'storage-blocked', detail: errorDetail(error) })
  }
  if (!container) return Promise.resolve({ ok: false, reason: 'no-service-worker' })
  return connect(container)
}

/**
 * The embed service worker (built to `embed-sw.js`, scoped to `embed.html`):
 * one runtime per docs site and browser partition that answers the API for
 * every embedded example of every page, each from its own session. Frames
 * only render and fetch; the sandbox code is evaluated once, here.
 */
import { BASE_PATH } from '../../api/core.ts'
import { answerSessionCall, readSessionCall } from '../runtime/sessionProtocol.ts'
import { createSessionRegistry } from '../runtime/sessionRegistry.ts'
import type { EmbedWorkerScope, ExtendableMessageEventLike, FetchEventLike } from './workerScope.ts'

declare const self: EmbedWorkerScope

const registry = createSessionRegistry()

function isApiRequest(url: URL): boolean {
  return url.origin === self.location.origin && (url.pathname === BASE_PATH || url.pathname.startsWith(`${BASE_PATH}/`))
}

/** A page of sixteen examples asks sixteen times at once: one sweep serves them all. */
const PRUNE_EVERY_MS = 5_000
let prunedAt = Number.NEGATIVE_INFINITY

/** Frames that went away (closed, navigated) leave their sessions behind; new frames' calls sweep them. */
async function pruneGoneFrames(): Promise<void> {
  if (Date.now() - prunedAt < PRUNE_EVERY_MS) return
  prunedAt = Date.now()
  const live = await self.clients.matchAll({ includeUncontrolled: true, type: 'window' })
  registry.prune(new Set(live.map((client) => client.id)))
}

self.addEventListener('install', () => {
  void self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

self.addEventListener('fetch', (event: FetchEventLike) => {
  // Only the API, and only for a frame: everything else (the page's own files) goes to the network untouched.
  if (!event.clientId || !isApiRequest(new URL(event.request.url))) return
  event.respondWith(registry.session(event.clientId).handle(event.request))
})

self.addEventListener('message', (event: ExtendableMessageEventLike) => {
  const call = readSessionCall(event.data)
  const port = event.ports[0]
  const source = event.source
  if (!call || !port || !source || typeof source.id !== 'string') return
  const frameId = source.id
  event.waitUntil(
    (async () => {
      if (call.op === 'claim') await self.clients.claim()
      else if (call.op === 'acquire' && registry.size > 0) await pruneGoneFrames().catch(() => undefined)
      port.postMessage(await answerSessionCall(registry, frameId, call))
    })(),
  )
})

/**
 * Starts the MSW worker for this frame. Loaded with import() only once
 * storage is known to work: MSW touches localStorage when its module is
 * evaluated, which throws in a frame whose storage the browser blocks.
 */
import { setupWorker } from 'msw/browser'
import { createHandlers, type Sandbox } from '../../api/index.ts'
import { describeNotice, errorDetail } from './embedProblem.ts'
import type { EmbedTransport } from './transport.ts'

const WORKER_START_TIMEOUT_MS = 10_000

class StartTimeout extends Error {}

async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StartTimeout(`no answer within ${ms / 1000} s`)), ms)
  })
  try {
    return await Promise.race([promise, expired])
  } finally {
    clearTimeout(timer)
  }
}

/** Connects the sandbox to fetch through the worker, or says why this frame has to do without one. */
export async function startWorker(sandbox: Pick<Sandbox, 'handle'>): Promise<EmbedTransport> {
  if (!window.isSecureContext) return { kind: 'in-page', notice: describeNotice('insecure-context') }
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker) return { kind: 'in-page', notice: describeNotice('no-service-worker') }
  const worker = setupWorker(...createHandlers(sandbox))
  try {
    const started = worker.start({
      // Under the site's base, beside the pages, so a sub-path deployment finds it.
      serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
      // The page's own scripts and styles go to the network untouched.
      onUnhandledFrame: 'bypass',
      // An embed on someone else's docs page must not fill their console.
      quiet: true,
    })
    await within(started, WORKER_START_TIMEOUT_MS)
  } catch (error) {
    worker.stop()
    return {
      kind: 'in-page',
      notice: describeNotice(error instanceof StartTimeout ? 'worker-timeout' : 'worker-failed', errorDetail(error)),
    }
  }
  // A hard reload (Shift+reload) loads the page past any worker: fetch would then reach the static host and 404.
  if (!navigator.serviceWorker.controller) {
    worker.stop()
    return { kind: 'in-page', notice: describeNotice('not-controlled') }
  }
  return { kind: 'service-worker' }
}

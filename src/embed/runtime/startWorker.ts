/**
 * Starts the MSW worker for this frame. Loaded with import() only once
 * storage is known to work: MSW touches localStorage when its module is
 * evaluated, which throws in a frame whose storage the browser blocks.
 */
import { setupWorker } from 'msw/browser'
import { createHandlers, type Sandbox } from '../../api/index.ts'
import { within } from '../../runtime/within.ts'
import { workerStartOptions } from '../../runtime/workerStartOptions.ts'
import { describeNotice, errorDetail } from './embedProblem.ts'
import type { EmbedTransport } from './transport.ts'

const WORKER_START_TIMEOUT_MS = 10_000

class StartTimeout extends Error {}

/** Connects the sandbox to fetch through the worker, or says why this frame has to do without one. */
export async function startWorker(sandbox: Pick<Sandbox, 'handle'>): Promise<EmbedTransport> {
  if (!window.isSecureContext) return { kind: 'in-page', notice: describeNotice('insecure-context') }
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker) return { kind: 'in-page', notice: describeNotice('no-service-worker') }
  const worker = setupWorker(...createHandlers(sandbox))
  try {
    await within(
      worker.start(workerStartOptions()),
      WORKER_START_TIMEOUT_MS,
      () => new StartTimeout(`no answer within ${WORKER_START_TIMEOUT_MS / 1000} s`),
    )
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

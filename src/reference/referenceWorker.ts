/**
 * The page's MSW worker over the reference's sandbox. Its own module, loaded
 * only when the page may start a worker: msw reads localStorage when it is
 * evaluated, which throws in a frame whose storage the browser blocks.
 */
import { setupWorker } from 'msw/browser'
import { createHandlers, type Sandbox } from '../api/index.ts'
import { workerStartOptions } from '../runtime/workerStartOptions.ts'

/** Starts the worker; resolves with a way to stop it. */
export async function startReferenceWorker(sandbox: Sandbox): Promise<{ stop(): void }> {
  const worker = setupWorker(...createHandlers(sandbox))
  try {
    await worker.start(workerStartOptions())
  } catch (error) {
    worker.stop()
    throw error
  }
  return worker
}

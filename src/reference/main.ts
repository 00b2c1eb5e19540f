/**
 * Entry of reference.html: the API reference rendered from the site's OpenAPI
 * document, with "Try it" answered by the sandbox in this tab (through the
 * page's MSW worker), and a bar above it that picks the key to send.
 */
import './reference.css'
import { validateWithoutEval } from './withoutEval.ts'

function required(id: string): HTMLElement {
  const found = document.getElementById(id)
  if (!found) throw new Error(`Failed to start the API reference: reference.html has no #${id}`)
  return found
}

const bar = required('reference-keys')
const root = required('reference-root')

function reasonOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

async function start(): Promise<void> {
  // The sandbox first: the renderer's first paint keeps the main thread busy, and opening the
  // database has a deadline. msw is loaded only here: it reads localStorage when evaluated,
  // which throws where the browser blocks storage for this frame.
  const { startReferenceRuntime } = await import('./startReferenceRuntime.ts')
  const runtime = await startReferenceRuntime()
  await validateWithoutEval()
  const { mountReference } = await import('./mountReference.ts')
  const reference = mountReference(root, new URL(import.meta.env.BASE_URL, location.href).href)
  const { mountKeyBar, showUnavailable } = await import('./keyBar.ts')
  if (runtime.kind === 'unavailable') return showUnavailable(bar, runtime.reason)
  await mountKeyBar(bar, { workspace: runtime.sandbox.workspace, onKey: reference.useKey })
  bar.dataset.ready = ''
}

start().catch(async (error: unknown) => {
  const { showUnavailable } = await import('./keyBar.ts')
  showUnavailable(bar, reasonOf(error))
})

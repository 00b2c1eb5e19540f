/**
 * Entry of reference.html: the API reference rendered from the site's OpenAPI
 * document, with "Try it" answered by the sandbox in this tab (through the
 * page's MSW worker, or in the page where no worker may run), and a bar above
 * it that picks the key to send.
 */
import './reference.css'
import type { MountedReference } from './mountReference.ts'
import { storageInMemoryWhereBlocked } from './storageInMemory.ts'
import { validateWithoutEval } from './withoutEval.ts'

function required(id: string): HTMLElement {
  const found = document.getElementById(id)
  if (!found) throw new Error(`Failed to start the API reference: reference.html has no #${id}`)
  return found
}

const bar = required('reference-keys')
const root = required('reference-root')
const loading = required('reference-loading')

function reasonOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

async function start(): Promise<void> {
  storageInMemoryWhereBlocked()
  // The sandbox and the key bar first: the renderer's first paint keeps the main thread busy for a
  // while, and opening the database has a deadline. msw is loaded only here: it reads localStorage
  // when evaluated, which throws where the browser blocks storage for this frame.
  const { startReferenceRuntime } = await import('./startReferenceRuntime.ts')
  const runtime = await startReferenceRuntime()
  const { mountKeyBar } = await import('./keyBar.ts')
  const siteUrl = new URL(import.meta.env.BASE_URL, location.href).href
  let chosenKey: string | undefined
  let reference: MountedReference | undefined
  await mountKeyBar(bar, {
    workspace: runtime.sandbox.workspace,
    onKey: (key) => {
      chosenKey = key
      reference?.useKey(key)
    },
    inPage: runtime.transport.kind === 'in-page' ? runtime.transport.reason : undefined,
    inMemory: runtime.storage === 'memory',
  })
  bar.dataset.ready = ''
  bar.dataset.transport = runtime.transport.kind
  await validateWithoutEval()
  const [{ mountReference }, { inPageFetch }] = await Promise.all([import('./mountReference.ts'), import('./inPageFetch.ts')])
  const fetch = runtime.transport.kind === 'in-page' ? inPageFetch(runtime.sandbox, siteUrl) : undefined
  reference = mountReference(root, siteUrl, chosenKey, fetch, () => loading.remove())
}

start().catch(async (error: unknown) => {
  loading.remove()
  const { showUnavailable } = await import('./keyBar.ts')
  showUnavailable(bar, reasonOf(error))
})

/**
 * Brings the editor's code (Monaco, its JSON mode and workers) into the
 * browser's cache while a page that opened elsewhere is idle after its first
 * answer, without running any of it: opening the editor later costs no
 * download, and a page that never shows it never runs Monaco. The build
 * lists the files (src/build/editorPrefetch.ts); the dev server has no list.
 */
import { firstAnswer } from '../state/runtime/runtimeStore.ts'
import { whenIdle } from './whenIdle.ts'

/** The build's list, beside the page's other assets. */
const PREFETCH_LIST = 'assets/editor-prefetch.json'

interface PrefetchList {
  modules: string[]
  workers: string[]
}

async function prefetch(base: string): Promise<void> {
  const response = await fetch(`${base}${PREFETCH_LIST}`)
  if (!response.ok) return
  const list = (await response.json()) as PrefetchList
  for (const file of list.modules) {
    // A module preload fetches and compiles a script without running it.
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = `${base}${file}`
    document.head.append(link)
  }
  for (const file of list.workers) void fetch(`${base}${file}`, { priority: 'low' }).catch(() => undefined)
}

/** Fetches the editor's code once the first answer is in and the page is idle; not on the editor, which loads it at once. */
export function prefetchEditorWhenIdle(base: string = import.meta.env.BASE_URL): void {
  if (import.meta.env.DEV) return
  void firstAnswer.then(() =>
    whenIdle(() => {
      prefetch(base).catch((error: unknown) => console.warn(`Failed to prefetch "the editor": ${String(error)}`))
    }),
  )
}

/**
 * The main thread's side of the language worker: each call is one message,
 * answered by id. The worker is started on first use and lives as long as
 * the page, like the editor's state.
 */
import type { LanguageAnswer, LanguageMethod, LanguageMethods, LanguageRequest } from './languageProtocol.ts'
import LanguageWorker from './languageWorker.ts?worker'

interface Pending {
  resolve(result: unknown): void
  reject(error: Error): void
}

let worker: Worker | undefined
let nextId = 1
const pending = new Map<number, Pending>()

function started(): Worker {
  if (worker) return worker
  const fresh = new LanguageWorker({ name: 'manifest-language' })
  fresh.addEventListener('message', (event: MessageEvent<LanguageAnswer>) => {
    const answer = event.data
    const waiting = pending.get(answer.id)
    if (!waiting) return
    pending.delete(answer.id)
    if (answer.ok) waiting.resolve(answer.result)
    else waiting.reject(new Error(`The manifest language worker failed: ${answer.error}`))
  })
  fresh.addEventListener('error', (event) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`The manifest language worker stopped: ${event.message}`))
    pending.clear()
    // The next question starts a fresh worker instead of waiting on this one forever.
    fresh.terminate()
    if (worker === fresh) worker = undefined
  })
  worker = fresh
  return fresh
}

/** Asks the language worker about `text` (at `offset`, where the method needs a place). */
export function askLanguage<M extends LanguageMethod>(method: M, text: string, offset = 0): Promise<LanguageMethods[M]> {
  const id = nextId++
  const request: LanguageRequest = { id, method, text, offset }
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as (result: unknown) => void, reject })
    started().postMessage(request)
  })
}

/**
 * Stands in for monaco-editor's `internal/common/workers.js` when the JSON
 * mode starts its worker (see src/build/monacoJsonOnly.ts): the same
 * `createWebWorker`, without the import of every editor contribution that
 * module carries. Our `MonacoEnvironment.getWorker` (monacoSetup.ts) always
 * exists, so the fallbacks of the original are not needed.
 */
import { editor } from 'monaco-editor/editor'

interface LanguageWorkerOptions {
  label?: string
  createData?: unknown
  host?: Record<string, (...args: unknown[]) => unknown>
  keepIdleModels?: boolean
}

export function createWebWorker<T extends object>(options: LanguageWorkerOptions): editor.MonacoWebWorker<T> {
  const environment = self.MonacoEnvironment
  if (!environment?.getWorker) throw new Error('Failed to start the JSON worker: MonacoEnvironment.getWorker is not set.')
  const worker = Promise.resolve(environment.getWorker('workerMain.js', options.label ?? 'monaco-editor-worker')).then((started) => {
    // The same two messages Monaco's own starter sends: a wake-up, then the worker's settings.
    started.postMessage('ignore')
    started.postMessage(options.createData)
    return started
  })
  return editor.createWebWorker<T>({ worker, host: options.host, keepIdleModels: options.keepIdleModels })
}

/**
 * The editor's one worker: the JSON language service with the manifest
 * schema, off the main thread, so typing never waits for validation.
 */
import type { LanguageAnswer, LanguageMethods, LanguageRequest } from './languageProtocol.ts'
import { manifestCompletions, manifestHover, manifestMarkers } from './manifestLanguage.ts'

const METHODS: { [M in keyof LanguageMethods]: (text: string, offset: number) => Promise<LanguageMethods[M]> } = {
  markers: (text) => manifestMarkers(text),
  completions: manifestCompletions,
  hover: manifestHover,
}

self.addEventListener('message', (event: MessageEvent<LanguageRequest>) => {
  const { id, method, text, offset } = event.data
  METHODS[method](text, offset).then(
    (result) => self.postMessage({ id, ok: true, result } satisfies LanguageAnswer),
    (error: unknown) => self.postMessage({ id, ok: false, error: String(error) } satisfies LanguageAnswer),
  )
})

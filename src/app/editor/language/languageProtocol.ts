/** The messages between the editor and its language worker: one request, one answer, matched by id. */
import type { EditorMarker } from '../validation/editorMarkers.ts'
import type { ManifestCompletions, ManifestHover } from './manifestLanguage.ts'

/** What the worker answers, by method. */
export interface LanguageMethods {
  markers: EditorMarker[]
  completions: ManifestCompletions
  hover: ManifestHover | null
}

export type LanguageMethod = keyof LanguageMethods

export interface LanguageRequest {
  id: number
  method: LanguageMethod
  text: string
  offset: number
}

export type LanguageAnswer = { id: number; ok: true; result: LanguageMethods[LanguageMethod] } | { id: number; ok: false; error: string }

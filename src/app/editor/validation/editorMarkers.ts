/**
 * The editor's own markers (from its JSON language service and the manifest
 * schema) as JSON Pointers, so they can be held against the API's verdict.
 */
import type { Node } from 'jsonc-parser'
import { pointerAtOffset, positionAt } from '../document/manifestText.ts'

export type MarkerSeverity = 'error' | 'warning' | 'info' | 'hint'

/** One marker the editor shows, placed by offsets into the text it was computed for. */
export interface EditorMarker {
  severity: MarkerSeverity
  message: string
  from: number
  to: number
}

/** The editor's markers together with the exact text they describe. */
export interface MarkerSnapshot {
  text: string
  markers: EditorMarker[]
}

export interface LocatedMarker {
  pointer: string
  message: string
  lineNumber: number
  column: number
}

/** Error markers with the pointer of the value each one sits on, sorted by place. */
export function locateMarkers(text: string, tree: Node | undefined, markers: readonly EditorMarker[]): LocatedMarker[] {
  return markers
    .filter((marker) => marker.severity === 'error')
    .map((marker) => ({ pointer: pointerAtOffset(tree, marker.from), message: marker.message, ...positionAt(text, marker.from) }))
    .sort((a, b) => a.lineNumber - b.lineNumber || a.column - b.column)
}

export interface Agreement {
  agree: boolean
  /** Pointers only the editor marks. */
  onlyEditor: string[]
  /** Pointers only the API reports. */
  onlyApi: string[]
}

/** Compares the sets of pointers the editor marks and the API reports. */
export function compareVerdicts(editorPointers: readonly string[], apiPointers: readonly string[]): Agreement {
  const editor = new Set(editorPointers)
  const api = new Set(apiPointers)
  const onlyEditor = [...editor].filter((pointer) => !api.has(pointer)).sort()
  const onlyApi = [...api].filter((pointer) => !editor.has(pointer)).sort()
  return { agree: onlyEditor.length === 0 && onlyApi.length === 0, onlyEditor, onlyApi }
}

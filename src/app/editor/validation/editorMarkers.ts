/**
 * The editor's own markers (from Monaco's JSON worker and the manifest
 * schema) as JSON Pointers, so they can be held against the API's verdict.
 */
import type { Node } from 'jsonc-parser'
import { offsetAt, pointerAtOffset } from '../document/manifestText.ts'

/** The part of a Monaco marker this module reads (kept structural so it needs no Monaco import). */
export interface MarkerLike {
  severity: number
  message: string
  startLineNumber: number
  startColumn: number
}

/** `monaco.MarkerSeverity.Error`; a constant so the lazy Monaco chunk is not needed to read it. */
export const MARKER_SEVERITY_ERROR = 8

/** The editor's markers together with the exact text they describe. */
export interface MarkerSnapshot {
  text: string
  markers: MarkerLike[]
}

export interface LocatedMarker {
  pointer: string
  message: string
  lineNumber: number
  column: number
}

/** Error markers with the pointer of the value each one sits on, sorted by place. */
export function locateMarkers(text: string, tree: Node | undefined, markers: readonly MarkerLike[]): LocatedMarker[] {
  return markers
    .filter((marker) => marker.severity === MARKER_SEVERITY_ERROR)
    .map((marker) => ({
      pointer: pointerAtOffset(tree, offsetAt(text, marker.startLineNumber, marker.startColumn)),
      message: marker.message,
      lineNumber: marker.startLineNumber,
      column: marker.startColumn,
    }))
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

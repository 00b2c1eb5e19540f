/**
 * vscode-json-languageservice calls a number an integer only when its text
 * has no ".", so `1.0` gets "Incorrect type. Expected "integer"." JSON Schema
 * (2020-12, §6.1.1 of the validation vocabulary) and the API's ajv count any
 * number with a zero fractional part as an integer. This drops exactly those
 * markers so the editor agrees with the contract and the API.
 */
import { findNodeAtOffset, parseTree } from 'jsonc-parser'
import type { EditorMarker } from '../validation/editorMarkers.ts'

const INTEGER_TYPE_MESSAGE = /Expected "integer"/

/** The markers without integer-type complaints about numbers like `1.0` or `2e0`. */
export function withoutFalseIntegerMarkers(text: string, markers: readonly EditorMarker[]): EditorMarker[] {
  if (!markers.some((marker) => INTEGER_TYPE_MESSAGE.test(marker.message))) return [...markers]
  const tree = parseTree(text)
  return markers.filter((marker) => {
    if (!INTEGER_TYPE_MESSAGE.test(marker.message) || !tree) return true
    const node = findNodeAtOffset(tree, marker.from)
    return !(node?.type === 'number' && Number.isInteger(node.value))
  })
}

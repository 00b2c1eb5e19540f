import { EditorState } from '@codemirror/state'
import { describe, expect, it } from 'vitest'
import { formatChanges } from '../../src/app/editor/codemirror/formatDocument.ts'

const formatted = (text: string) =>
  EditorState.create({ doc: text })
    .update({ changes: formatChanges(text) })
    .state.doc.toString()

describe('formatChanges', () => {
  it('lays a one-line manifest out with two-space indents', () => {
    const text = '{"schema":"service.tool/v1","permissions":["profile.read"],"display":{"layout":"list"}}'
    expect(formatted(text)).toBe(JSON.stringify(JSON.parse(text), null, 2))
  })

  it('changes nothing in a text that is already formatted', () => {
    expect(formatChanges(JSON.stringify({ entry: 'k', permissions: [] }, null, 2))).toEqual([])
  })

  it('touches only whitespace in a text that is not JSON yet, so nothing typed is lost', () => {
    const text = '{"entry":  "k",   "permissions": [ '
    expect(formatted(text).replace(/\s/g, '')).toBe(text.replace(/\s/g, ''))
  })
})

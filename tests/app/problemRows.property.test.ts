/**
 * The editor's problem lists under random editing. React keeps a keyed list
 * equal to its data only when every key is unique, so the rows must have
 * unique keys, depend on the current text alone, and agree with the editor's
 * own markers (the JSON language service the editor's worker runs) on whether
 * the text has a syntax error at all.
 */
import fc from 'fast-check'
import { parseTree } from 'jsonc-parser'
import { describe, expect, it } from 'vitest'
import { parseManifestText } from '../../src/app/editor/document/manifestText.ts'
import { syntaxRows, violationRows } from '../../src/app/editor/validation/problemRows.ts'
import { editorErrorMarkers } from './support/editorWorkerMarkers.ts'

const START = `{
  "schema": "service.tool/v1",
  "entry": "demo",
  "permissions": ["profile.read", "sessions.read"],
  "display": { "layout": "table", "columns": [{ "name": "Title", "type": "text" }] }
}`

type Edit = { at: number; remove: number; insert: string }

const edit = fc.record({
  at: fc.nat(),
  remove: fc.nat({ max: 3 }),
  insert: fc.constantFrom('', ' ', '  ', '\n', '{', '}', '[', ']', ',', ':', '"', '1', 'x', '{"a": {"b": 1'),
})

function apply(text: string, { at, remove, insert }: Edit): string {
  const place = at % (text.length + 1)
  return text.slice(0, place) + insert + text.slice(place + remove)
}

function rowsOf(text: string) {
  const parsed = parseManifestText(text)
  return parsed.ok ? [] : syntaxRows(text, parsed.problems)
}

describe('problem rows under random edits', () => {
  it('never repeat a key, never outlive the text they describe, and match the problem count', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 12 }), (edits) => {
        let text = START
        for (const step of edits) {
          text = apply(text, step)
          const parsed = parseManifestText(text)
          const rows = rowsOf(text)
          const keys = rows.map((row) => row.key)
          expect(new Set(keys).size).toBe(keys.length)
          // The header counts the problems; the list draws one row for each.
          expect(rows.length).toBe(parsed.ok ? 0 : parsed.problems.length)
          // Reading order: by place in the text.
          const offsets = rows.map((row) => row.span.offset)
          expect(offsets).toEqual([...offsets].sort((a, b) => a - b))
        }
        // Computed from the final text alone, the rows are the same: nothing carries over from earlier edits.
        expect(rowsOf(text)).toEqual(rowsOf(apply(text, { at: 0, remove: 0, insert: '' })))
      }),
      { numRuns: 400 },
    )
  })

  it('agree with the editor’s markers on whether the text has a syntax error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { maxLength: 8 }), async (edits) => {
        const text = edits.reduce(apply, START)
        const rows = rowsOf(text)
        expect(rows.length > 0).toBe((await editorErrorMarkers(text)).length > 0)
      }),
      { numRuns: 400 },
    )
  })

  it('gives identical problems at one spot their own rows (two unclosed objects)', () => {
    const text = '{"a": {"b": 1'
    const rows = rowsOf(text)
    expect(rows.map((row) => row.problem.message)).toEqual(['a closing } is expected', 'a closing } is expected'])
    expect(new Set(rows.map((row) => row.key)).size).toBe(2)
  })

  it('orders the API’s violations by line, not by pointer', () => {
    const text = '{\n  "zeta": 1,\n  "alpha": 2\n}'
    const tree = parseTree(text)
    const rows = violationRows(text, tree, [
      { pointer: '/alpha', keyword: 'type', message: 'must be string' },
      { pointer: '/zeta', keyword: 'type', message: 'must be string' },
    ])
    expect(rows.map((row) => [row.problem.pointer, row.lineNumber])).toEqual([
      ['/zeta', 2],
      ['/alpha', 3],
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { manifestPointer } from '../../src/app/editor/document/jsonPointer.ts'
import { parseManifestText, pointerAtOffset, positionAt, spanOfPointer } from '../../src/app/editor/document/manifestText.ts'

const TEXT = `{
  "schema": "service.tool/v1",
  "a/b": { "~key": 1 },
  "display": {
    "columns": [
      { "name": "Title", "type": "text" },
      { "name": "Pages", "type": "number" }
    ]
  }
}`

const parsed = parseManifestText(TEXT)
const tree = parsed.tree
const at = (needle: string, nth = 0) => {
  let index = -1
  for (let i = 0; i <= nth; i++) index = TEXT.indexOf(needle, index + 1)
  if (index < 0) throw new Error(`Failed to find "${needle}" in the test text`)
  return index
}

describe('spanOfPointer (editor: a problem pointer → the place to show)', () => {
  it('shows a property at its key, where a reader looks for it', () => {
    expect(spanOfPointer(tree, '/schema')).toEqual({ offset: at('"schema"'), length: '"schema"'.length, exact: true })
  })

  it('follows array indexes and unescapes ~1 and ~0 (RFC 6901)', () => {
    expect(spanOfPointer(tree, '/display/columns/1/type')).toMatchObject({ offset: at('"type"', 1), exact: true })
    expect(spanOfPointer(tree, '/a~1b/~0key')).toMatchObject({ offset: at('"~key"'), exact: true })
  })

  it('falls back to the deepest existing ancestor for a missing property, and says so', () => {
    const span = spanOfPointer(tree, '/display/icon')
    expect(span).toEqual({ offset: at('"display"'), length: '"display"'.length, exact: false })
  })

  it('shows the whole document for the root pointer, and nothing when there is no tree', () => {
    expect(spanOfPointer(tree, '')).toEqual({ offset: 0, length: TEXT.length, exact: true })
    expect(spanOfPointer(undefined, '/schema')).toEqual({ offset: 0, length: 0, exact: false })
  })
})

describe('pointerAtOffset (editor: a marker or cursor → the pointer it sits on)', () => {
  it('maps a place inside a value, and a place on a key, to that property', () => {
    expect(pointerAtOffset(tree, at('service.tool'))).toBe('/schema')
    expect(pointerAtOffset(tree, at('"schema"') + 2)).toBe('/schema')
    expect(pointerAtOffset(tree, at('"number"') + 1)).toBe('/display/columns/1/type')
  })

  it('escapes keys holding / and ~ so the pointer round-trips', () => {
    const pointer = pointerAtOffset(tree, at('"~key"') + 1)
    expect(pointer).toBe('/a~1b/~0key')
    expect(spanOfPointer(tree, pointer).offset).toBe(at('"~key"'))
  })
})

describe('positionAt (text offsets → the 1-based line and column shown under the editor)', () => {
  it('counts lines and columns from 1', () => {
    expect(positionAt(TEXT, at('"columns"'))).toEqual({ lineNumber: 5, column: 5 })
    expect(positionAt(TEXT, 0)).toEqual({ lineNumber: 1, column: 1 })
  })

  it('clamps places past the end to the end of the text', () => {
    expect(positionAt(TEXT, TEXT.length + 10)).toEqual(positionAt(TEXT, TEXT.length))
  })
})

describe('parseManifestText', () => {
  it('refuses what JSON.parse would refuse, with a place and words', () => {
    const broken = parseManifestText('{ "entry": "x", }')
    expect(broken.ok).toBe(false)
    if (!broken.ok) expect(broken.problems[0]).toMatchObject({ offset: 16, message: 'a property name in double quotes is expected' })
  })
})

describe('manifestPointer', () => {
  it('strips the /manifest prefix of a request-body pointer and rejects pointers elsewhere in the body', () => {
    expect(manifestPointer('/manifest/display/icon')).toBe('/display/icon')
    expect(manifestPointer('/manifest')).toBe('')
    expect(manifestPointer('/manifesto')).toBeNull()
    expect(manifestPointer('/message')).toBeNull()
  })
})

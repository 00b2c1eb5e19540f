import { describe, expect, it } from 'vitest'
import { FULL_MANIFEST, keystrokesFor, SHORT_MANIFEST } from '../../bench/browser/typing.ts'

describe('the keys the typing bench presses on both pages', () => {
  it('types each line without its indentation, and steps over a closer the editor already wrote with keys no suggestion list takes, adding only its comma', () => {
    expect(keystrokesFor('{\n  "a": [\n    1\n  ],\n  "b": {}\n}')).toEqual([
      ...'{',
      'Escape',
      'Enter',
      ...'"a": [',
      'Escape',
      'Enter',
      '1',
      'ArrowRight',
      'End',
      ',',
      'Escape',
      'Enter',
      ...'"b": {}',
      'ArrowRight',
      'End',
    ])
  })

  it('presses about 1,000 keys in a full run and 56 in a short one', () => {
    expect(keystrokesFor(JSON.stringify(FULL_MANIFEST, null, 2))).toHaveLength(991)
    expect(keystrokesFor(JSON.stringify(SHORT_MANIFEST, null, 2))).toHaveLength(56)
  })
})

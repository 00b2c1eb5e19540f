import { describe, expect, it } from 'vitest'
import { checkDelay, QUIET_MS } from '../../src/app/editor/validation/quietTime.ts'

describe('checkDelay', () => {
  it('checks the text the panel opens with at once', () => {
    expect(checkDelay(undefined, '{}')).toBe(0)
  })

  it('waits out typing: a text other than the last one checked waits for quiet', () => {
    expect(checkDelay('{}', '{"a"')).toBe(QUIET_MS)
  })

  it('asks again at once about the same text (another key, or a retry after 429)', () => {
    expect(checkDelay('{}', '{}')).toBe(0)
  })
})

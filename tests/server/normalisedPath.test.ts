/** The server routes on the same path URL parsing gives, whether or not it parses: dot segments, escapes and backslashes included. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalisedPath } from '../../src/server/nodeHttpAdapter.ts'

const ORIGIN = 'http://127.0.0.1:4010'
const pathOf = (target: string) => normalisedPath(ORIGIN + target, target)

describe('normalisedPath', () => {
  it('keeps a plain path and drops the query and fragment', () => {
    expect(pathOf('/api/developer/v1/status?x=1')).toBe('/api/developer/v1/status')
    expect(pathOf('/openapi.json#top')).toBe('/openapi.json')
  })

  it('resolves what URL parsing resolves, so no route is reached by a disguise', () => {
    expect(pathOf('/api/developer/v1/../../../openapi.json')).toBe('/openapi.json')
    expect(pathOf('/%2e%2e/openapi.json')).toBe('/openapi.json')
    expect(pathOf('/x/..\\openapi.json')).toBe('/openapi.json')
  })

  it('agrees with new URL for any target built from path characters', () => {
    const piece = fc.constantFrom(
      '/',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '\\',
      '?',
      '#',
      'a',
      'Z',
      '_',
      '-',
      '~',
      ' ',
      'é',
      '%',
      'openapi.json',
      'v1',
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const target = `/${pieces.join('')}`
        expect(pathOf(target)).toBe(new URL(ORIGIN + target).pathname)
      }),
      { numRuns: 2000 },
    )
  })
})

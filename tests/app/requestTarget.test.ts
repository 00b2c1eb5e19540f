import { describe, expect, it } from 'vitest'
import { parseTarget } from '../../src/app/console/requestTarget.ts'

const ORIGIN = 'http://localhost:5173'

describe('parseTarget', () => {
  it('takes a path and a query relative to the API base', () => {
    expect(parseTarget('/status', ORIGIN)).toEqual({ ok: true, path: '/status', query: '' })
    expect(parseTarget('/tools?limit=5&x=%20', ORIGIN)).toEqual({ ok: true, path: '/tools', query: '?limit=5&x=%20' })
    expect(parseTarget('  status  ', ORIGIN)).toEqual({ ok: true, path: '/status', query: '' })
  })

  it('accepts the full path and an absolute URL on this origin, reduced to the part after the base', () => {
    expect(parseTarget('/api/developer/v1/usage?days=3', ORIGIN)).toEqual({ ok: true, path: '/usage', query: '?days=3' })
    expect(parseTarget('http://localhost:5173/api/developer/v1/nope', ORIGIN)).toEqual({ ok: true, path: '/nope', query: '' })
  })

  it('resolves dot segments as fetch would, and keeps what stays under the base', () => {
    expect(parseTarget('/tools/../status', ORIGIN)).toEqual({ ok: true, path: '/status', query: '' })
  })

  it('refuses what would leave the API base, where the page server answers instead of the sandbox', () => {
    for (const input of ['/../status', '/%2e%2e/x', '/api/developer/v1/../../index.html', '?x=1', '/api/developer/v1']) {
      const check = parseTarget(input, ORIGIN)
      expect(check.ok, input).toBe(false)
    }
    const check = parseTarget('/../status', ORIGIN)
    expect(check).toEqual({
      ok: false,
      problem:
        'Failed to use "/../status" as the URL: it leads to /api/developer/status, outside the API base /api/developer/v1/, where the sandbox does not answer.',
    })
  })

  it('refuses another origin, spaces, fragments and an empty field with a reason', () => {
    const problem = (input: string) => {
      const check = parseTarget(input, ORIGIN)
      return check.ok ? undefined : check.problem
    }
    expect(problem('https://example.com/api/developer/v1/status')).toBe(
      `Failed to use "https://example.com/api/developer/v1/status" as the URL: the console sends only to this page's sandbox, ${ORIGIN}/api/developer/v1.`,
    )
    expect(problem('/status now')).toMatch(/contains a space/)
    expect(problem('/status#top')).toMatch(/fragment/)
    expect(problem('')).toMatch(/it is empty/)
    expect(problem('http://[::1')).toMatch(/not a valid URL/)
  })
})

import { describe, expect, it } from 'vitest'
import { sameOriginScriptUrl } from '../../src/csp/scriptUrlRule.ts'

describe('sameOriginScriptUrl', () => {
  it('vouches for a script of this origin, resolved against the page', () => {
    expect(sameOriginScriptUrl('assets/chunk.js', 'https://site.example/sandbox/reference.html', 'https://site.example')).toBe(
      'https://site.example/sandbox/assets/chunk.js',
    )
  })

  it('refuses a script of any other origin with a clear error', () => {
    expect(() => sameOriginScriptUrl('https://cdn.example/x.js', 'https://site.example/', 'https://site.example')).toThrow(
      'Failed to load the script "https://cdn.example/x.js": only this site\'s scripts may run here',
    )
  })
})

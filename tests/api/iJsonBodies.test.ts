import { describe, expect, it } from 'vitest'
import { makeSandbox } from './support/harness.ts'

const raw = (body: string): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body })

describe('bodies that are not I-JSON', () => {
  it.each([
    [
      'a number beyond a double',
      '{"manifest":{"schema":"service.tool/v1","entry":"e","permissions":[],"inputs":{"n":1e400}}}',
      '/manifest/inputs/n',
    ],
    ['a lone surrogate in a string', '{"manifest":{"schema":"service.tool/v1","entry":"\\ud800","permissions":[]}}', '/manifest/entry'],
    [
      'a lone surrogate in a property name',
      '{"manifest":{"schema":"service.tool/v1","entry":"e","permissions":[],"inputs":{"\\udc00":1}}}',
      '/manifest/inputs/\udc00',
    ],
  ])('refuses %s with 400 invalid_json and its pointer', async (_name, body, pointer) => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(['tools.validate'])
    const result = await call('/tools/validate', { key, ...raw(body) })
    expect(result.status).toBe(400)
    expect(result.body.code).toBe('invalid_json')
    expect(result.body.errors).toEqual([expect.objectContaining({ pointer, keyword: 'json' })])
  })

  it('refuses nesting deeper than 64 levels with 400 instead of overflowing the stack', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(['tools.validate', 'tools.preview'])
    const deep = `{"manifest":{"schema":"service.tool/v1","entry":"e","permissions":[],"inputs":{"a":${'['.repeat(30_000)}${']'.repeat(30_000)}}}}`
    for (const path of ['/tools/validate', '/tools/preview']) {
      const result = await call(path, { key, ...raw(deep) })
      expect(result.status).toBe(400)
      expect(result.body.errors[0].message).toMatch(/deeper than 64/)
    }
  })

  it('accepts 62 levels of nesting inside inputs', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(['tools.validate'])
    const body = `{"manifest":{"schema":"service.tool/v1","entry":"e","permissions":[],"inputs":{"a":${'['.repeat(61)}${']'.repeat(61)}}}}`
    const result = await call('/tools/validate', { key, ...raw(body) })
    expect(result.status).toBe(200)
  })
})

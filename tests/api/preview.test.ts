/** POST /tools/preview: a review package that runs nothing, fetches nothing, and stays small whatever the manifest. */
import fc from 'fast-check'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { utf8Length, VALID_MANIFEST } from './support/contract.ts'
import { makeSandbox } from './support/harness.ts'

const PREVIEW_BOUND = 16 * 1024
const BODY_LIMIT = 65_536

let preview: (manifest: unknown) => Promise<{ status: number; text: string; body: Record<string, unknown> & PreviewBody }>

interface PreviewBody {
  truncated: boolean
  truncatedPointers: string[]
  safetyBoundary: { executesCode: boolean; network: boolean; permissions: string[]; closedData: string[]; entry: string }
  manifest: { entry: string; summary: string | null; inputs: string[] | null; permissions: string[] }
  display: { columns: { name: string; primary: boolean; options: string[] | null }[]; primaryColumnIndex: number } | null
  consequence: { class: string | null; label: string; explanation: string }
}

beforeAll(async () => {
  const { sandbox, issue, clock } = await makeSandbox()
  const { key } = await issue(['tools.preview'])
  preview = async (manifest) => {
    clock.advance(60_000)
    const body = JSON.stringify({ manifest })
    expect(utf8Length(body)).toBeLessThanOrEqual(BODY_LIMIT)
    const response = await sandbox.handle(
      new Request('http://sandbox.test/api/developer/v1/tools/preview', {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body,
      }),
    )
    const text = await response.text()
    return { status: response.status, text, body: JSON.parse(text) }
  }
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** Grows `make(n)` until its request body is as close to `bytes` as it gets without passing it. */
function fill(bytes: number, make: (n: number) => unknown): unknown {
  let low = 0
  let high = bytes
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (utf8Length(JSON.stringify({ manifest: make(mid) })) <= bytes) low = mid
    else high = mid - 1
  }
  return make(low)
}

describe('the safety boundary', () => {
  it('says the tool executes no code and uses no network, lists its permissions and the data that stays closed', async () => {
    const { status, body } = await preview(VALID_MANIFEST)
    expect(status).toBe(200)
    expect(body.safetyBoundary).toEqual({
      executesCode: false,
      network: false,
      entry: expect.any(String),
      permissions: ['profile.read', 'sessions.read'],
      closedData: ['account', 'health', 'school', 'family'],
    })
  })

  it('repeats code-like strings as inert data and never fetches or evaluates anything', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const evalSpy = vi.spyOn(globalThis, 'eval')
    const manifest = {
      ...VALID_MANIFEST,
      entry: 'https://tools.example/payload.js',
      summary: '<script>alert(1)</script> {{process.exit(1)}} javascript:alert(1)',
      // Parsed, so "__proto__" is an own property as it would be in a request body.
      inputs: JSON.parse('{"constructor":{},"__proto__":{"polluted":true},"<img src=x onerror=alert(1)>":{}}') as Record<string, unknown>,
      permissions: ['profile.read'],
    }
    const { status, body } = await preview(manifest)
    expect(status).toBe(200)
    expect(body.manifest.entry).toBe('https://tools.example/payload.js')
    expect(body.manifest.summary).toBe(manifest.summary)
    expect(body.manifest.inputs).toEqual(['<img src=x onerror=alert(1)>', '__proto__', 'constructor'])
    expect(body.safetyBoundary).toMatchObject({ executesCode: false, network: false, permissions: ['profile.read'] })
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(evalSpy).not.toHaveBeenCalled()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('explains an undeclared consequence class as one a reviewer treats as C2', async () => {
    const { consequenceClass: _omitted, ...manifest } = VALID_MANIFEST
    const { body } = await preview(manifest)
    expect(body.consequence.class).toBeNull()
    expect(body.consequence.explanation).toContain('C2')
  })

  it('marks exactly one primary column, clamped to the columns there are', async () => {
    const manifest = { ...VALID_MANIFEST, display: { ...VALID_MANIFEST.display, primaryColumnIndex: 23 } }
    const { body } = await preview(manifest)
    expect(body.display?.primaryColumnIndex).toBe(2)
    expect(body.display?.columns.map((column) => column.primary)).toEqual([false, false, true])
  })

  it('answers the same manifest with the same package', async () => {
    expect((await preview(VALID_MANIFEST)).text).toBe((await preview(VALID_MANIFEST)).text)
  })
})

describe('a bounded package', () => {
  it('turns a ~60 KB manifest of long strings and many inputs into a preview under 16 KB, marked truncated', async () => {
    const manifest = fill(60_000, (n) => ({
      ...VALID_MANIFEST,
      name: 'N'.repeat(Math.min(n, 5_000)),
      summary: 'S'.repeat(n),
      inputs: Object.fromEntries(
        Array.from({ length: 400 }, (_, i) => [`input-${i}-${'x'.repeat(60)}`, { type: 'string', default: 'd'.repeat(40) }]),
      ),
    }))
    const requestBytes = utf8Length(JSON.stringify({ manifest }))
    expect(requestBytes).toBeGreaterThan(58_000)
    const { status, text, body } = await preview(manifest)
    expect(status).toBe(200)
    expect(utf8Length(text)).toBeLessThan(PREVIEW_BOUND)
    expect(body.truncated).toBe(true)
    expect(body.truncatedPointers).toEqual(expect.arrayContaining(['/manifest/name', '/manifest/summary', '/manifest/inputs']))
    expect(body.manifest.inputs?.length).toBeLessThan(400)
    expect(body.manifest.entry).toBe('reading-list')
  })

  it.each([
    ['plain text', 'o'],
    ['emoji (4 bytes each)', '😀'],
    ['control characters (6 bytes each as JSON)', '\u0001'],
    ['quotes (2 bytes each as JSON)', '"'],
  ])('stays under 16 KB for a 64 KB manifest that fills every repeated field with %s', async (_name, unit) => {
    const manifest = fill(BODY_LIMIT, (n) => {
      const text = (length: number) => unit.repeat(Math.max(1, Math.min(length, n)))
      return {
        schema: 'service.tool/v1',
        name: text(200),
        version: text(200),
        entry: text(200),
        summary: text(200),
        permissions: ['profile.read', 'sessions.read'],
        consequenceClass: 'C2',
        inputs: Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`${i}${text(199)}`, 0])),
        outputs: Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`${i}${text(199)}`, 0])),
        display: {
          layout: 'table',
          icon: 'i'.repeat(80),
          color: 'blue',
          columns: Array.from({ length: 24 }, (_, i) => ({
            name: text(80),
            type: 'multiSelect',
            section: `${i}${text(199)}`,
            unit: text(200),
            options: Array.from({ length: 24 }, (_, j) => `${j}${text(199)}`),
          })),
        },
      }
    })
    const { status, text, body } = await preview(manifest)
    expect(status).toBe(200)
    expect(utf8Length(text)).toBeLessThan(PREVIEW_BOUND)
    expect(body.truncated).toBe(true)
    expect(body.manifest.entry.length).toBeGreaterThan(0)
  })

  it('stays under 16 KB and keeps its boundary for any valid manifest (property)', async () => {
    // Any code point: ASCII, control characters, the BMP and astral planes (built by hand:
    // fast-check's 'binary' unit takes seconds to set up).
    const codePoint = fc
      .oneof(
        fc.integer({ min: 0x20, max: 0x7e }),
        fc.integer({ min: 0, max: 0x1f }),
        // No lone surrogates: a body carrying one is not I-JSON and is refused with 400.
        fc.integer({ min: 0x80, max: 0xd7ff }),
        fc.integer({ min: 0xe000, max: 0xffff }),
        fc.integer({ min: 0x10000, max: 0x10ffff }),
      )
      .map((code) => String.fromCodePoint(code))
    const text = fc.string({ unit: codePoint, maxLength: 120 })
    const manifest = fc.record({
      schema: fc.constant('service.tool/v1'),
      entry: text,
      name: text,
      summary: text,
      permissions: fc.subarray(['profile.read', 'sessions.read']),
      // Only input names reach the preview; their values only add bytes.
      inputs: fc.dictionary(text, fc.constant(0), { maxKeys: 40 }),
      display: fc.record({
        layout: fc.constantFrom('table', 'list'),
        icon: fc.constant('star'),
        color: fc.constant('red'),
        columns: fc.array(
          fc.record({
            name: fc.string({ unit: codePoint, minLength: 1, maxLength: 80 }),
            type: fc.constant('select'),
            section: text,
            options: fc.array(text, { maxLength: 8 }),
          }),
          { minLength: 1, maxLength: 24 },
        ),
      }),
    })
    await fc.assert(
      fc.asyncProperty(manifest, async (candidate) => {
        if (utf8Length(JSON.stringify({ manifest: candidate })) > BODY_LIMIT) return
        const { status, text: answer, body } = await preview(candidate)
        expect(status).toBe(200)
        expect(utf8Length(answer)).toBeLessThan(PREVIEW_BOUND)
        expect(body.safetyBoundary.executesCode).toBe(false)
        expect(body.safetyBoundary.network).toBe(false)
      }),
      { numRuns: 25 },
    )
  })
})

/** The journal keeps no credential: not in a header of any name, and not a key however a request spelt it. */
import { describe, expect, it } from 'vitest'
import { controlledSandbox, TOKEN } from './support.ts'

const percent = (text: string) => [...text].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('')
const jsonEscaped = (text: string) => [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')

/** Every string in `value`, each decoded as far as it goes: JSON `\u` escapes and percent-escapes, repeatedly. */
function decodedStrings(value: unknown): string[] {
  if (typeof value === 'string') {
    let text = value
    for (let round = 0; round < 4; round++) {
      text = text
        .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
        .replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    }
    return [text]
  }
  if (Array.isArray(value)) return value.flatMap(decodedStrings)
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([name, item]) => [...decodedStrings(name), ...decodedStrings(item)])
  return []
}

describe('the journal', () => {
  it('holds neither the key nor the admin token, however a request carried them', async () => {
    const c = controlledSandbox()
    const { key } = (await (await c.control('POST', '/keys', { scopes: ['status.read', 'tools.validate'] })).json()) as { key: string }
    const secret = key.slice('svc_test_'.length)
    const underscoresEscaped = key.replaceAll('_', '%5F')
    const calls: [string, RequestInit][] = [
      [
        '/status',
        {
          headers: {
            'Proxy-Authorization': `Bearer ${TOKEN}`,
            Cookie: `session=${key}`,
            'X-Api-Key': key,
            'X-Admin-Token': TOKEN,
            'X-Sandbox-Secret': TOKEN,
            'X-Note': percent(key),
          },
        },
      ],
      [`/status?k=${underscoresEscaped}`, {}],
      [`/status?k=${underscoresEscaped.replaceAll('%', '%25')}`, {}],
      [`/status?k=${percent(key)}`, {}],
      [`/${percent(key)}`, {}],
      [
        '/tools/validate',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: `{"manifest":{"name":"${jsonEscaped(key)}","note":"${key.slice(0, 20)}\\u005f${key.slice(21)}"}}`,
        },
      ],
    ]
    for (const [path, init] of calls) await c.api(key, path, init)
    const journal = (await (await c.control('GET', '/requests')).json()) as { total: number; requests: unknown[] }
    expect(journal.total).toBe(calls.length)
    const strings = decodedStrings(journal.requests)
    // The requests are there, their credentials are not.
    expect(strings.some((text) => text.includes('svc_test_[redacted]'))).toBe(true)
    expect(strings.filter((text) => text === '[redacted]').length).toBeGreaterThanOrEqual(6)
    for (const text of strings) {
      expect(text).not.toContain(secret)
      expect(text).not.toContain(TOKEN)
    }
  })

  it('holds no admin token or key in a query parameter, a header of any name or a body, spelt as itself or escaped', async () => {
    const c = controlledSandbox({ adminToken: () => TOKEN })
    const { key } = (await (await c.control('POST', '/keys', { scopes: ['status.read', 'tools.validate'] })).json()) as { key: string }
    const calls: [string, RequestInit][] = [
      [`/status?token=${TOKEN}`, {}],
      [`/status?token=${key}&admin=${encodeURIComponent(`${TOKEN}/x`)}`, {}],
      ['/status', { headers: { 'X-Admin': TOKEN, 'X-Other': `prefix ${TOKEN} suffix`, 'X-Caller': key } }],
      [
        '/tools/validate',
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ manifest: { name: TOKEN, note: key } }) },
      ],
    ]
    for (const [path, init] of calls) await c.api(key, path, init)
    const journal = (await (await c.control('GET', '/requests')).json()) as { total: number; requests: unknown[] }
    expect(journal.total).toBe(calls.length)
    const text = JSON.stringify(journal.requests)
    expect(text).toContain('token=[redacted]')
    expect(text).toContain('"x-admin":"[redacted]"')
    for (const decoded of decodedStrings(journal.requests)) {
      expect(decoded).not.toContain(TOKEN)
      expect(decoded).not.toContain(key.slice('svc_test_'.length))
    }
  })
})

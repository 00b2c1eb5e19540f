import { render, screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { createApiClient } from '../src/api'
import { API_KEY } from '../src/config'
import fixture from '../src/mocks/fixture.json'
import { sandbox } from '../src/mocks/handlers'
import { server } from '../src/mocks/node'
import { UsageView } from '../src/UsageView'

const USAGE = '*/api/developer/v1/usage'

/** Requests and errors the fixture puts in the 30-day window. */
const seeded = fixture.usage.filter((entry) => entry.daysAgo < 30)
const seededRequests = seeded.reduce((total, entry) => total + entry.requests, 0)
const seededErrors = seeded.reduce((total, entry) => total + (entry.errors ?? 0), 0)

function problem(status: number, code: string, title: string, headers: Record<string, string> = {}) {
  return HttpResponse.json(
    { type: `urn:developer-sandbox:problem:${code}`, title, status, detail: title, code, requestId: 'test' },
    { status, headers: { 'Content-Type': 'application/problem+json', ...headers } },
  )
}

describe('UsageView', () => {
  it('shows the usage the sandbox recorded: the fixture history and this request', async () => {
    render(<UsageView client={createApiClient()} />)
    // The usage request itself counts toward today's usage.
    expect(await screen.findByText(`${seededRequests + 1} requests`)).toBeTruthy()
    expect(screen.getByText(new RegExp(`${seededErrors} errors`))).toBeTruthy()
    expect(rows('Days with requests, newest first')).toEqual([
      [day(0), '5', '0'],
      [day(1), '6', '1'],
      [day(3), '12', '2'],
    ])
    expect(rows('Requests by operation')).toEqual([
      ['getProjectStatus', '16', '2'],
      ['getProjectUsage', '7', '1'],
    ])
  })

  it('starts each test from the fixture: requests made in one test are not counted in the next (1 of 2)', async () => {
    const client = createApiClient()
    for (let i = 0; i < 5; i++) expect((await client.getProjectStatus()).status).toBe(200)
    render(<UsageView client={client} />)
    expect(await screen.findByText(`${seededRequests + 5 + 1} requests`)).toBeTruthy()
  })

  it('starts each test from the fixture: requests made in one test are not counted in the next (2 of 2)', async () => {
    render(<UsageView client={createApiClient()} />)
    expect(await screen.findByText(`${seededRequests + 1} requests`)).toBeTruthy()
  })

  it('tells the user when to retry when the API rate-limits (429)', async () => {
    server.use(http.get(USAGE, () => problem(429, 'rate_limited', 'Too many requests', { 'Retry-After': '17' })))
    render(<UsageView client={createApiClient()} />)
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests: try again in 17 seconds.')
  })

  it('says the API is unavailable when authorisation cannot be confirmed (503)', async () => {
    server.use(http.get(USAGE, () => problem(503, 'authorization_unavailable', 'Authorization unavailable')))
    render(<UsageView client={createApiClient()} />)
    expect((await screen.findByRole('alert')).textContent).toBe('The API is unavailable right now (503). Try again shortly.')
  })

  it('shows the sandbox refusing a revoked key from the fixture (401)', async () => {
    const revoked = fixture.keys.find((key) => key.status === 'revoked')?.key
    render(<UsageView client={createApiClient(revoked)} />)
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The API key was refused: .*revoked/)
  })

  it('sends one GET /usage with the configured key, and the sandbox counts it', async () => {
    const sent: Array<{ method: string; path: string; authorization: string | null }> = []
    server.events.on('request:start', ({ request }) => {
      sent.push({ method: request.method, path: new URL(request.url).pathname, authorization: request.headers.get('authorization') })
    })
    render(<UsageView client={createApiClient()} />)
    await screen.findByText(/requests$/)
    expect(sent).toEqual([{ method: 'GET', path: '/api/developer/v1/usage', authorization: `Bearer ${API_KEY}` }])
    const [appKey] = (await sandbox.workspace.listKeys()).filter((key) => key.label === 'app config')
    expect(appKey?.lastUsedAt).not.toBeNull()
  })
})

/** The cells of a table's body rows, by the table's caption. */
function rows(caption: string): string[][] {
  const body = within(screen.getByRole('table', { name: caption })).getAllByRole('rowgroup')[1] as HTMLElement
  return within(body)
    .getAllByRole('row')
    .map((row) => Array.from(row.children, (cell) => cell.textContent ?? ''))
}

/** `YYYY-MM-DD` of the UTC day `daysAgo` days before today. */
function day(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
}

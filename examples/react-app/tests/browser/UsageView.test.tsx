import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createApiClient } from '../../src/api'
import { API_KEY } from '../../src/config'
import { worker } from '../../src/mocks/browser'
import fixture from '../../src/mocks/fixture.json'
import { sandbox } from '../../src/mocks/handlers'
import { UsageView } from '../../src/UsageView'

const seededRequests = fixture.usage.filter((entry) => entry.daysAgo < 30).reduce((total, entry) => total + entry.requests, 0)

describe('UsageView in Chromium, answered by the service worker', () => {
  it("shows the usage the sandbox counted in the page's own IndexedDB", async () => {
    const answered: string[] = []
    worker.events.on('response:mocked', ({ request, response }) => {
      answered.push(`${response.status} ${request.method} ${new URL(request.url).pathname}`)
    })
    render(<UsageView client={createApiClient()} />)
    expect(await screen.findByText(`${seededRequests + 1} requests`)).toBeTruthy()
    expect(answered).toEqual(['200 GET /api/developer/v1/usage'])
    expect((await indexedDB.databases()).map((database) => database.name)).toContain('react-app-example')
    const [appKey] = await sandbox.workspace.listKeys()
    expect(appKey?.lastUsedAt).not.toBeNull()
  })

  it('tells the user when the rate window frees once the key spent its 120 requests (429)', async () => {
    await sandbox.exhaustRateLimit(API_KEY)
    render(<UsageView client={createApiClient()} />)
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Too many requests: try again in \d+ seconds \(at \d\d:\d\d:\d\d UTC\)\.$/,
    )
  })

  it('names the scope a key lacks (403)', async () => {
    await sandbox.fresh({ key: API_KEY, app: 'react-app', scopes: ['status.read'] })
    render(<UsageView client={createApiClient()} />)
    expect((await screen.findByRole('alert')).textContent).toBe('This API key may not read usage: it lacks the "usage.read" scope.')
  })
})

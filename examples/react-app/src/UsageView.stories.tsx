import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { createApiClient } from './api'
import { API_KEY } from './config'
import fixture from './mocks/fixture.json'
import { sandbox } from './mocks/handlers'
import { UsageView } from './UsageView'

/** Each state comes from the sandbox itself (its keys, its rate window, its fault switch), never from a fixed body. */
const meta = {
  title: 'UsageView',
  args: { apiKey: API_KEY },
  render: ({ apiKey }) => <UsageView client={createApiClient(apiKey)} />,
} satisfies Meta<{ apiKey: string }>

export default meta
type Story = StoryObj<typeof meta>

const seededRequests = fixture.usage.reduce((total, entry) => total + entry.requests, 0)

export const Loading: Story = {
  beforeEach: () => {
    // Held for an hour: long past any test run, so the answer never lands in a later story's state.
    sandbox.faults.latencyMs = 3_600_000
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading usage…')
  },
}

export const Success: Story = {
  play: async ({ canvas }) => {
    // The fixture's history, and this story's own request.
    await expect(await canvas.findByText(`${seededRequests + 1} requests`)).toBeVisible()
    await expect(canvas.getByRole('row', { name: /^getProjectUsage/ })).toHaveTextContent('getProjectUsage71')
  },
}

export const NoKey: Story = {
  args: { apiKey: '' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/^The API key was refused: Failed to authenticate: send/)
  },
}

export const MissingScope: Story = {
  beforeEach: async () => {
    await sandbox.fresh({ key: API_KEY, app: 'react-app', scopes: ['status.read'] })
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This API key may not read usage: it lacks the "usage.read" scope.')
  },
}

export const RateLimited: Story = {
  beforeEach: () => sandbox.exhaustRateLimit(API_KEY),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent(/^Too many requests: try again in \d+ seconds \(at \d\d:\d\d:\d\d UTC\)\.$/)
    // The reset the sandbox announced is when the window it just filled frees: within the next minute.
    const [hours = 0, minutes = 0, seconds = 0] =
      /at (\d\d):(\d\d):(\d\d) UTC/
        .exec(alert.textContent ?? '')
        ?.slice(1)
        .map(Number) ?? []
    const now = new Date()
    const nowSeconds = now.getUTCHours() * 3600 + now.getUTCMinutes() * 60 + now.getUTCSeconds()
    const resetsIn = (hours * 3600 + minutes * 60 + seconds - nowSeconds + 86_400) % 86_400
    await expect(resetsIn).toBeGreaterThan(0)
    await expect(resetsIn).toBeLessThanOrEqual(61)
  },
}

export const Unavailable: Story = {
  beforeEach: () => {
    sandbox.faults.authorization = 'unavailable'
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The API is unavailable right now (503). Try again shortly.')
  },
}

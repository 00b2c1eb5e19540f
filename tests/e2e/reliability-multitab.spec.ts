/**
 * Multi-tab: three tabs of one browser, each with its own sandbox instance
 * over the one IndexedDB, burst on one key at once. The rate limit and the
 * usage counters are transactional across tabs, so exactly 120 are accepted
 * and usage counts every request sent, with no lost update.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './reliability-support.ts'
import { issueKey, openPlayground, pasteKey } from './support/playground.ts'

const PER_TAB = 60
const TABS = 3

/** Sends `count` GET /status at once from the page, with real fetch through the service worker; returns the statuses. */
function burst(page: Page, key: string, count: number): Promise<number[]> {
  return page.evaluate(
    async ({ key, count }) => {
      const url = new URL('api/developer/v1/status', document.baseURI)
      const responses = await Promise.all(Array.from({ length: count }, () => fetch(url, { headers: { Authorization: `Bearer ${key}` } })))
      return responses.map((response) => response.status)
    },
    { key, count },
  )
}

interface UsageTotals {
  totals: { requests: number; errors: number }
  operations: Record<string, { requests: number; errors: number }>
}

function usage(page: Page, key: string): Promise<UsageTotals> {
  return page.evaluate(async (key) => {
    const response = await fetch(new URL('api/developer/v1/usage', document.baseURI), { headers: { Authorization: `Bearer ${key}` } })
    if (response.status !== 200) throw new Error(`Failed to read usage: ${response.status}`)
    return (await response.json()) as UsageTotals
  }, key)
}

test('three tabs bursting 60 requests each on one key get exactly 120 accepted, and usage counts all 180', async ({ context }) => {
  const tabs = await Promise.all(Array.from({ length: TABS }, () => context.newPage()))
  for (const tab of tabs) await openPlayground(tab)
  const [first, second] = tabs
  if (!first || !second) throw new Error('Failed to open the tabs')
  // Two keys of one project (same app and environment): one to burst with, one to read usage after.
  const burster = await issueKey(first, { preset: 'getProjectStatus' })
  const reader = await issueKey(first, { preset: 'getProjectUsage' })
  // The other tabs learn of the key as a user would: pasted (the plaintext never crosses tabs by itself).
  await pasteKey(second, burster.secret)

  const statuses = (await Promise.all(tabs.map((tab) => burst(tab, burster.secret, PER_TAB)))).flat()
  const count = (status: number) => statuses.filter((value) => value === status).length
  expect(statuses).toHaveLength(TABS * PER_TAB)
  expect(count(200), 'accepted across all tabs').toBe(120)
  expect(count(429), 'refused with 429').toBe(TABS * PER_TAB - 120)

  // Every tab's requests were counted, refused ones included; this read itself is the one usage request.
  const report = await usage(second, reader.secret)
  expect(report.operations.getProjectStatus).toEqual({ requests: TABS * PER_TAB, errors: TABS * PER_TAB - 120 })
  expect(report.totals).toEqual({ requests: TABS * PER_TAB + 1, errors: TABS * PER_TAB - 120 })
  test.info().annotations.push({ type: 'result', description: `${count(200)} × 200, ${count(429)} × 429, usage ${report.totals.requests}` })
})

/**
 * The host journeys (support/hostJourneys.ts) on the static build: the
 * sandbox in this tab's service worker, which outside clients reach through
 * the preview server's bridge.
 */
import { expect, test } from './support/fixtures.ts'
import { type HostUnderTest, JOURNEYS } from './support/hostJourneys.ts'
import { goToSection, openPlayground } from './support/playground.ts'

const tab: HostUnderTest = {
  name: 'tab',
  apiUrl: `http://localhost:${process.env.E2E_PORT}/api/developer/v1`,
  async open(page) {
    await openPlayground(page)
    await expect(page.getByTestId('worker-status')).toContainText('Worker active')
    // Outside clients reach the tab once it answers on the bridge.
    await goToSection(page, 'Request console')
    await expect(page.getByTestId('bridge-status')).toHaveAttribute('data-state', 'answering')
  },
}

for (const [title, journey] of JOURNEYS) {
  test(`${title}, in the tab`, async ({ page }) => {
    await tab.open(page)
    await journey(page, tab)
  })
}

/**
 * The host journeys (support/hostJourneys.ts) on the static build: the
 * sandbox in this tab's service worker, which outside clients reach through
 * the bridge of a preview server of the spec's own. Its own, because a
 * request for a key no tab knows goes to every tab connected to a bridge:
 * on the suite's server it would show in other specs' histories.
 */
import { expect, test } from '@playwright/test'
import { type OwnPreview, SUITE_PORT, startOwnPreview } from './support/bridge.ts'
import { type HostUnderTest, runJourneys } from './support/hostJourneys.ts'
import { goToSection } from './support/playground.ts'

let preview: OwnPreview

test.beforeAll(async () => {
  preview = await startOwnPreview(SUITE_PORT)
})

test.afterAll(async () => {
  await preview?.stop()
})

function tabHost(): HostUnderTest {
  return {
    name: 'tab',
    apiUrl: `${preview.origin}/api/developer/v1`,
    async open(page) {
      await page.goto(`${preview.origin}/#/workspace`)
      await expect(page.getByTestId('worker-status')).toContainText('Worker active')
      // Outside clients reach the tab once it answers on the bridge.
      await goToSection(page, 'Request console')
      await expect(page.getByTestId('bridge-status')).toHaveAttribute('data-state', 'answering')
    },
  }
}

runJourneys('in the tab', 'tab', tabHost)

import type { OperationId } from '../../api/core.ts'
import type { SectionId } from '../state/navigation.ts'

/**
 * The GET operations each data section's views load when it opens, which
 * `openingData.ts` starts before the app renders the section.
 * `tests/e2e/openingData.spec.ts` holds this table to the views: a page
 * opened on a section asks exactly these, once each, and shows each one.
 */
export const OPENING_LOADS: Partial<Record<SectionId, readonly OperationId[]>> = {
  overview: ['getProjectStatus', 'getDeveloperProfile'],
  sessions: ['listDeveloperSessions'],
  webhooks: ['listWebhookEndpoints'],
  usage: ['getProjectUsage'],
}

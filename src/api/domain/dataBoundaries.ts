import type { ManifestPermission } from '../contract/manifestSchema.ts'

/** What each readable permission opens, in words a reviewer can check. */
export const PERMISSION_OPENS: Record<ManifestPermission, string> = {
  'profile.read': "The developer project's identity: project id, app, environment and display name. No credentials.",
  'sessions.read': 'The published learning catalogue: titles, dates, formats and topics. No access links, no private sessions.',
}

/** Data that no key and no manifest can ever open. */
export const CLOSED_DATA = [
  { category: 'account', reason: 'Account data of any person stays closed.' },
  { category: 'health', reason: 'Health data stays closed.' },
  { category: 'school', reason: 'School data stays closed.' },
  { category: 'family', reason: 'Family data stays closed.' },
] as const

export const CLOSED_DATA_CATEGORIES = CLOSED_DATA.map((item) => item.category)

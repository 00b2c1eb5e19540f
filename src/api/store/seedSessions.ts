import type { SessionEntry } from './records.ts'

/**
 * The learning catalogue the operator "publishes": the same on every machine and
 * every start, so examples, docs and tests can rely on it. None of it links
 * anywhere or names a person.
 */
export const SEED_SESSIONS: readonly SessionEntry[] = [
  {
    id: 'ses_keys_and_scopes',
    title: 'Keys and scopes: the smallest grant that works',
    summary: 'Issue a sandbox key, choose scopes per operation and rotate without downtime.',
    startsAt: '2026-12-02T16:00:00Z',
    durationMinutes: 45,
    format: 'live-online',
    level: 'introductory',
    topics: ['authentication', 'scopes', 'rotation'],
  },
  {
    id: 'ses_manifest_contract',
    title: 'Writing a service.tool/v1 manifest',
    summary: 'The manifest contract field by field, with the validator and the preview.',
    startsAt: '2026-12-09T16:00:00Z',
    durationMinutes: 60,
    format: 'workshop',
    level: 'introductory',
    topics: ['manifests', 'validation', 'preview'],
  },
  {
    id: 'ses_webhook_signatures',
    title: 'Verifying webhook signatures',
    summary: 'Standard Webhooks signing, replay windows and constant-time comparison.',
    startsAt: '2026-12-16T16:00:00Z',
    durationMinutes: 45,
    format: 'live-online',
    level: 'intermediate',
    topics: ['webhooks', 'security'],
  },
  {
    id: 'ses_rate_limits',
    title: 'Living with rate limits',
    summary: 'Reading X-RateLimit headers, backing off on 429 and spreading load.',
    startsAt: '2027-01-13T16:00:00Z',
    durationMinutes: 30,
    format: 'recorded',
    level: 'intermediate',
    topics: ['rate limits', 'reliability'],
  },
  {
    id: 'ses_display_layouts',
    title: 'Native display layouts for tools',
    summary: 'Tables, routines, habits, counters, lists and timers without executable code.',
    startsAt: '2027-01-20T16:00:00Z',
    durationMinutes: 60,
    format: 'workshop',
    level: 'advanced',
    topics: ['display', 'manifests'],
  },
  {
    id: 'ses_usage_reporting',
    title: 'Reading your usage report',
    summary: 'Daily requests and errors per operation, and what they say about a client.',
    startsAt: '2027-02-03T16:00:00Z',
    durationMinutes: 30,
    format: 'recorded',
    level: 'introductory',
    topics: ['usage', 'observability'],
  },
]

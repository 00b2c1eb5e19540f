import type { Manifest } from '../contract/manifestSchema.ts'
import { SAMPLE_MANIFEST } from '../contract/sampleManifest.ts'
import type { ProjectRecord, SessionEntry, WebhookEndpointRecord } from './records.ts'

/**
 * Deterministic data the operator "publishes": the same on every machine and
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

export interface SeedTool {
  id: string
  manifest: Manifest
  reviewedAt: string
  reviewedBy: string
}

export const SEED_TOOLS: readonly SeedTool[] = [
  {
    id: 'tool_reading_log',
    reviewedAt: '2026-09-01T10:00:00Z',
    reviewedBy: 'Sandbox review team',
    manifest: SAMPLE_MANIFEST,
  },
  {
    id: 'tool_session_planner',
    reviewedAt: '2026-09-15T10:00:00Z',
    reviewedBy: 'Sandbox review team',
    manifest: {
      schema: 'service.tool/v1',
      name: 'Session planner',
      version: '0.4.1',
      entry: 'session-planner',
      summary: 'Plan which learning sessions to attend and keep notes.',
      permissions: ['sessions.read'],
      consequenceClass: 'C1',
      inputs: { sessionId: { type: 'string' } },
      outputs: { planned: { type: 'boolean' } },
      display: {
        layout: 'list',
        icon: 'calendar',
        color: 'teal',
        columns: [
          { name: 'Session', type: 'text' },
          { name: 'Date', type: 'date' },
          { name: 'Attending', type: 'toggle' },
          { name: 'Topics', type: 'multiSelect', options: ['auth', 'webhooks', 'manifests'] },
        ],
      },
    },
  },
  {
    id: 'tool_focus_timer',
    reviewedAt: '2026-10-03T10:00:00Z',
    reviewedBy: 'Sandbox review team',
    manifest: {
      schema: 'service.tool/v1',
      name: 'Focus timer',
      version: '2.0.0',
      entry: 'focus-timer',
      summary: 'Timed focus blocks with a daily goal.',
      permissions: [],
      consequenceClass: 'C0',
      display: {
        layout: 'timer',
        icon: 'timer',
        color: 'orange',
        columns: [
          { name: 'Block', type: 'timer' },
          { name: 'Goal', type: 'progress' },
        ],
      },
    },
  },
  {
    id: 'tool_habit_tracker',
    reviewedAt: '2026-10-20T10:00:00Z',
    reviewedBy: 'Sandbox review team',
    manifest: {
      schema: 'service.tool/v1',
      name: 'Habit tracker',
      version: '1.0.0',
      entry: 'habit-tracker',
      summary: 'Daily habits with streaks, using the profile for a greeting.',
      permissions: ['profile.read', 'sessions.read'],
      consequenceClass: 'C2',
      display: {
        layout: 'habit',
        icon: 'checkmark.circle',
        color: 'green',
        primaryColumnIndex: 1,
        columns: [
          { name: 'Done', type: 'toggle', section: 'Today' },
          { name: 'Habit', type: 'text', section: 'Today' },
          { name: 'Streak', type: 'number', unit: 'days' },
        ],
      },
    },
  },
]

/**
 * The two or three endpoints a new project starts with, each with a different
 * latest delivery, so the webhooks view has something true to show.
 */
export function seedWebhookEndpoints(project: ProjectRecord): WebhookEndpointRecord[] {
  const created = new Date(project.createdAt).toISOString()
  const host = `${project.app}.example`
  const suffix = project.id.slice(-6)
  return [
    {
      id: `whe_${suffix}_orders`,
      projectId: project.id,
      url: `https://${host}/webhooks/sandbox`,
      description: 'Primary receiver',
      events: ['sandbox.test'],
      enabled: true,
      createdAt: created,
      latestDelivery: { status: 'succeeded', attemptedAt: created, responseStatus: 204, attempts: 1 },
    },
    {
      id: `whe_${suffix}_audit`,
      projectId: project.id,
      url: `https://audit.${host}/hooks`,
      description: 'Audit mirror (returns 500 in the sandbox)',
      events: ['sandbox.test'],
      enabled: true,
      createdAt: created,
      latestDelivery: { status: 'failed', attemptedAt: created, responseStatus: 500, attempts: 3 },
    },
    {
      id: `whe_${suffix}_staging`,
      projectId: project.id,
      url: `https://staging.${host}/webhooks`,
      description: 'Staging receiver, not yet used',
      events: ['sandbox.test'],
      enabled: false,
      createdAt: created,
      latestDelivery: { status: 'never_attempted', attemptedAt: null, responseStatus: null, attempts: 0 },
    },
  ]
}

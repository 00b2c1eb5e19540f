import type { Manifest } from '../contract/manifestSchema.ts'
import { SAMPLE_MANIFEST } from '../contract/sampleManifest.ts'

/** The library's human-reviewed manifests; their digests are computed when a database is created. */
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

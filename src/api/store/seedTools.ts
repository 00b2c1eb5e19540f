import { SAMPLE_MANIFEST } from '../contract/sampleManifest.ts'
import type { ToolEntry } from './records.ts'

/** A library tool: a human-reviewed manifest, as a new store holds it. */
export type SeedTool = ToolEntry

/**
 * The library's tools. Each `digest` is `manifestDigest(manifest)`, written
 * out: hashing the four manifests when a database is created took about 10 ms
 * of the main thread on a cold page, ahead of its first API answer.
 * `tests/api/seedTools.test.ts` holds each equal to the digest of its manifest.
 */
export const SEED_TOOLS: readonly SeedTool[] = [
  {
    id: 'tool_reading_log',
    reviewedAt: '2026-09-01T10:00:00Z',
    reviewedBy: 'Sandbox review team',
    manifest: SAMPLE_MANIFEST,
    digest: '33a7d95b0d4a7bedfab935d9958df41e1924f50f8696c397813efbcf9eca3e55',
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
    digest: '778768fb7a25e166caad963bb30fab8cb3acf19793f84382c45816a5b97eafe1',
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
    digest: 'cb1d113bd59e63313b90facf5c0342deab0595dd399bfdcbd1ee932cfd11af0a',
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
    digest: 'b547c5149b2f9422383e7cbed3addb63e970702df932ccc0bd195bb1e3d7f87c',
  },
]

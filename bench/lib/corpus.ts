/**
 * Manifests the benchmarks send and validate: a valid corpus that exercises
 * every part of the schema, and an invalid one with the mistakes people make.
 */
import { SAMPLE_MANIFEST } from '../../src/api/contract/sampleManifest.ts'

const columns = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: `Column ${index + 1}`,
    type: (['text', 'number', 'select', 'date', 'unit'] as const)[index % 5],
    ...(index % 5 === 2 ? { options: ['low', 'medium', 'high'] } : {}),
    ...(index % 5 === 4 ? { unit: 'km' } : {}),
    ...(index % 3 === 0 ? { section: 'Main' } : {}),
  }))

/** The manifest POST /tools/validate is timed with: the library's reviewed sample, a typical fully specified tool. */
export const TYPICAL_MANIFEST = SAMPLE_MANIFEST

export const VALID_MANIFESTS: readonly unknown[] = [
  TYPICAL_MANIFEST,
  {
    schema: 'service.tool/v1',
    name: 'Study tracker',
    version: '0.3.0',
    entry: 'tools/study-tracker',
    summary: 'Track the books you read and how long each session took.',
    permissions: ['profile.read', 'sessions.read'],
    consequenceClass: 'C1',
    inputs: { title: { type: 'string' }, minutes: { type: 'number' } },
    outputs: { streak: { type: 'number' } },
    display: { layout: 'table', icon: 'book.open', color: 'indigo', primaryColumnIndex: 0, columns: columns(6) },
  },
  { schema: 'service.tool/v1', entry: 'tools/minimal', permissions: [] },
  { schema: 'service.tool/v1', entry: 'tools/profile', permissions: ['profile.read'], consequenceClass: 'C0' },
  {
    schema: 'service.tool/v1',
    name: 'Habit board',
    entry: 'tools/habits',
    permissions: ['sessions.read'],
    display: { layout: 'habit', icon: 'check-circle', color: 'green', columns: columns(24) },
  },
  {
    schema: 'service.tool/v1',
    name: 'Timer',
    entry: 'tools/timer',
    permissions: [],
    consequenceClass: 'C2',
    display: { layout: 'timer', icon: 'timer', color: 'orange', primaryColumnIndex: 1, columns: columns(3) },
  },
]

export const INVALID_MANIFESTS: readonly unknown[] = [
  {},
  { schema: 'service.tool/v2', entry: 'x', permissions: [] },
  { schema: 'service.tool/v1', entry: 42, permissions: ['health.read', 'account.read'] },
  { ...TYPICAL_MANIFEST, consequenceClass: 'C9', display: { ...TYPICAL_MANIFEST.display, color: 'beige', icon: 'Bad Icon!' } },
  {
    ...TYPICAL_MANIFEST,
    display: { layout: 'grid', icon: 'x', color: 'red', primaryColumnIndex: 40, columns: [], extra: true },
  },
  { ...TYPICAL_MANIFEST, display: { ...TYPICAL_MANIFEST.display, columns: [{ name: '', type: 'blob' }, { type: 'text' }] } },
  'not an object',
  [TYPICAL_MANIFEST],
]

/**
 * The "Reading log" tool: one reviewed, valid `service.tool/v1` manifest that
 * the seeded library lists, the request console and the docs embeds send, and
 * the benchmarks time. Data only, so every layer (and Node's type stripping)
 * can import it.
 */
import type { Manifest } from './manifestSchema.ts'

export const SAMPLE_MANIFEST: Manifest = {
  schema: 'service.tool/v1',
  name: 'Reading log',
  version: '1.2.0',
  entry: 'reading-log',
  summary: 'Track books, pages read and a rating per book.',
  permissions: ['profile.read'],
  consequenceClass: 'C0',
  display: {
    layout: 'table',
    icon: 'book.open',
    color: 'indigo',
    primaryColumnIndex: 0,
    columns: [
      { name: 'Title', type: 'text' },
      { name: 'Pages', type: 'number', unit: 'pages' },
      { name: 'Finished', type: 'toggle' },
      { name: 'Rating', type: 'rating' },
      { name: 'Genre', type: 'select', options: ['Fiction', 'Non-fiction', 'Poetry'] },
    ],
  },
}

/**
 * Plausible sample values for each of the 15 column types, so a reviewer sees
 * how a column reads without any real data. A text column's samples follow
 * what its name says it holds (a book's title, a session, a habit), so a
 * reading log does not list walks. Deterministic per row: the same manifest
 * always previews the same way.
 */
import type { ColumnType } from '../../../api/core.ts'
import type { PreviewColumn } from './previewBody.ts'

export type CellSample =
  | { kind: 'text'; text: string; mono?: boolean }
  | { kind: 'toggle'; on: boolean }
  | { kind: 'rating'; value: number; max: number }
  | { kind: 'chips'; values: string[] }
  | { kind: 'photo' }
  | { kind: 'progress'; value: number }
  | { kind: 'link'; text: string }
  | { kind: 'swatch'; color: string }

/** How many sample rows a display mock shows. */
export const SAMPLE_ROWS = 3

const pick = <T>(values: readonly T[], row: number): T => values[row % values.length] as T

/** Text samples by what a column's name says it holds; the first match wins. */
const TEXTS_BY_MEANING: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/\b(book|title|read)/i, ['The Left Hand of Darkness', 'Middlemarch', 'Things Fall Apart']],
  [/\b(author|writer)/i, ['Ursula K. Le Guin', 'George Eliot', 'Chinua Achebe']],
  [/\b(session|talk|meeting|class|lesson|event)/i, ['Signing webhooks', 'Rate limits in practice', 'Designing manifests']],
  [/\b(habit|routine)/i, ['Drink water', 'Stretch', 'Write three lines']],
  [/\b(task|todo|to-do|step|item)/i, ['Plan the week', 'Answer the review', 'Tidy the desk']],
  [/\b(exercise|workout|walk|run|sport|activity)/i, ['Morning walk', 'Evening run', 'Yoga']],
  [/\b(meal|food|recipe|dish)/i, ['Lentil soup', 'Porridge', 'Vegetable stir-fry']],
  [/\b(note|comment|remark|journal)/i, ['Felt good today', 'Skipped, too tired', 'Best one yet']],
  [/\b(name|person|who|contact)/i, ['Amara', 'Kenji', 'Lucía']],
]
/** Samples for a text column whose name says nothing this module knows. */
const TEXTS = ['First entry', 'Second entry', 'Third entry']

function textsFor(column: PreviewColumn): readonly string[] {
  return TEXTS_BY_MEANING.find(([meaning]) => meaning.test(column.name))?.[1] ?? TEXTS
}
const NUMBERS = [12, 7, 30]
const DATES = ['2026-12-02', '2026-12-09', '2027-01-13']
const TIMERS = ['25:00', '12:30', '05:00']
const LOCATIONS = ['Lisbon, Portugal', 'Osaka, Japan', 'Accra, Ghana']
const LINKS = ['docs.example/guide', 'notes.example/week-2', 'example.org/reading']
const SWATCHES = ['teal', 'orange', 'indigo']
const AMOUNTS = [12.5, 4.2, 89]

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' })
const currencyFormat = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' })

function options(column: PreviewColumn, fallback: readonly string[]): readonly string[] {
  return column.options && column.options.length > 0 ? column.options : fallback
}

const SAMPLERS: Record<ColumnType, (column: PreviewColumn, row: number) => CellSample> = {
  text: (column, row) => ({ kind: 'text', text: pick(textsFor(column), row) }),
  number: (column, row) => ({ kind: 'text', text: `${pick(NUMBERS, row)}${column.unit ? ` ${column.unit}` : ''}` }),
  toggle: (_, row) => ({ kind: 'toggle', on: row % 2 === 0 }),
  date: (_, row) => ({ kind: 'text', text: dateFormat.format(new Date(`${pick(DATES, row)}T00:00:00Z`)) }),
  rating: (_, row) => ({ kind: 'rating', value: pick([4, 5, 3], row), max: 5 }),
  select: (column, row) => ({ kind: 'chips', values: [pick(options(column, ['Option A', 'Option B']), row)] }),
  timer: (_, row) => ({ kind: 'text', text: pick(TIMERS, row), mono: true }),
  photo: () => ({ kind: 'photo' }),
  progress: (_, row) => ({ kind: 'progress', value: pick([0.4, 0.75, 1], row) }),
  currency: (_, row) => ({ kind: 'text', text: currencyFormat.format(pick(AMOUNTS, row)) }),
  unit: (column, row) => ({ kind: 'text', text: `${pick([5, 2.5, 10], row)} ${column.unit ?? 'units'}` }),
  multiSelect: (column, row) => {
    const all = options(column, ['Tag one', 'Tag two', 'Tag three'])
    return { kind: 'chips', values: [pick(all, row), pick(all, row + 1)].filter((v, i, list) => list.indexOf(v) === i) }
  },
  link: (_, row) => ({ kind: 'link', text: pick(LINKS, row) }),
  color: (_, row) => ({ kind: 'swatch', color: pick(SWATCHES, row) }),
  location: (_, row) => ({ kind: 'text', text: pick(LOCATIONS, row) }),
}

/** The sample value of one column in one row. */
export function sampleCell(column: PreviewColumn, row: number): CellSample {
  const sampler = SAMPLERS[column.type as ColumnType] ?? SAMPLERS.text
  return sampler(column, row)
}

/** The sample as plain words, for places that show one line (list subtitles, accessible names). */
export function sampleText(sample: CellSample): string {
  switch (sample.kind) {
    case 'text':
    case 'link':
      return sample.text
    case 'toggle':
      return sample.on ? 'On' : 'Off'
    case 'rating':
      return `${sample.value} of ${sample.max} stars`
    case 'chips':
      return sample.values.join(', ')
    case 'photo':
      return 'Photo'
    case 'progress':
      return `${Math.round(sample.value * 100)} %`
    case 'swatch':
      return sample.color
  }
}

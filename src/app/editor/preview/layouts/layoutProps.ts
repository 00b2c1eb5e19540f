import type { PreviewColumn, PreviewDisplay } from '../previewBody.ts'
import { SAMPLE_ROWS } from '../sampleCells.ts'

export interface LayoutProps {
  display: PreviewDisplay
}

/** The sample row indexes every layout draws. */
export const ROWS = Array.from({ length: SAMPLE_ROWS }, (_, row) => row)

/** The primary column (what the native view leads with) and the rest, in manifest order. */
export function splitPrimary(display: PreviewDisplay): { primary: PreviewColumn; rest: PreviewColumn[] } {
  const primary = display.columns.find((column) => column.primary) ?? display.columns[0]
  if (!primary) throw new Error('Failed to lay out "display": it has no columns')
  return { primary, rest: display.columns.filter((column) => column !== primary) }
}

/** Columns grouped under their section headings, in first-seen order; unsectioned ones under null. */
export function groupBySection(columns: readonly PreviewColumn[]): { section: string | null; columns: PreviewColumn[] }[] {
  const groups: { section: string | null; columns: PreviewColumn[] }[] = []
  for (const column of columns) {
    const group = groups.find((candidate) => candidate.section === column.section)
    if (group) group.columns.push(column)
    else groups.push({ section: column.section, columns: [column] })
  }
  return groups
}

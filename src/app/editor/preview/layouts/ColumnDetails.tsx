import { CellValue } from '../CellValue.tsx'
import type { PreviewColumn } from '../previewBody.ts'
import { sampleCell } from '../sampleCells.ts'

interface ColumnDetailsProps {
  columns: readonly PreviewColumn[]
  /** Which sample row the values come from. */
  row: number
  centered?: boolean
}

/** Secondary columns as labelled values under a row's title, as the native layouts show them. */
export function ColumnDetails({ columns, row, centered = false }: ColumnDetailsProps) {
  return (
    <dl className={centered ? 'mock-details mock-details-center' : 'mock-details'}>
      {columns.map((column) => (
        <div key={column.index}>
          <dt>{column.name}</dt>
          <dd>
            <CellValue sample={sampleCell(column, row)} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

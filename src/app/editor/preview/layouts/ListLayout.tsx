import { CellValue } from '../CellValue.tsx'
import { sampleCell } from '../sampleCells.ts'
import { ColumnDetails } from './ColumnDetails.tsx'
import { type LayoutProps, ROWS, splitPrimary } from './layoutProps.ts'

/** One row per item: the primary column as the title, the others as labelled details. */
export function ListLayout({ display }: LayoutProps) {
  const { primary, rest } = splitPrimary(display)
  return (
    <>
      {/* The native view titles each row with the primary column; its name heads the list. */}
      <p className="mock-list-heading">{primary.name}</p>
      <ul className="mock-list">
        {ROWS.map((row) => (
          <li key={row} className="mock-list-row">
            <span className="mock-list-title">
              <CellValue sample={sampleCell(primary, row)} />
            </span>
            <ColumnDetails columns={rest} row={row} />
          </li>
        ))}
      </ul>
    </>
  )
}

import { CellValue } from '../CellValue.tsx'
import { sampleCell } from '../sampleCells.ts'
import { ColumnDetails } from './ColumnDetails.tsx'
import { type LayoutProps, splitPrimary } from './layoutProps.ts'

/** One big count with decrement and increment, and the other columns below it. */
export function CounterLayout({ display }: LayoutProps) {
  const { primary, rest } = splitPrimary(display)
  return (
    <div className="mock-counter">
      <span className="mock-counter-label">{primary.name}</span>
      <div className="mock-counter-row">
        {/* Drawn buttons, not real ones: a preview has nothing to press. */}
        <span className="mock-round-button" aria-hidden="true">
          −
        </span>
        <span className="mock-counter-value">
          <CellValue sample={sampleCell(primary, 0)} />
        </span>
        <span className="mock-round-button" aria-hidden="true">
          +
        </span>
      </div>
      <ColumnDetails columns={rest} row={0} centered />
    </div>
  )
}

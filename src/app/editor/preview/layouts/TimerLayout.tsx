import { CellValue } from '../CellValue.tsx'
import { sampleCell } from '../sampleCells.ts'
import { ColumnDetails } from './ColumnDetails.tsx'
import { type LayoutProps, splitPrimary } from './layoutProps.ts'

/** A countdown ring: the first timer column (else the primary one) in the middle, the rest below. */
export function TimerLayout({ display }: LayoutProps) {
  const { primary, rest } = splitPrimary(display)
  const lead = display.columns.find((column) => column.type === 'timer') ?? primary
  const others = [primary, ...rest].filter((column) => column !== lead)
  return (
    <div className="mock-timer">
      <div className="mock-timer-ring" role="img" aria-label={`${lead.name}: 60 % left`}>
        <span className="mock-timer-value">
          <CellValue sample={sampleCell(lead, 0)} />
        </span>
        <span className="mock-timer-label">{lead.name}</span>
      </div>
      <span className="mock-pill" aria-hidden="true">
        Start
      </span>
      <ColumnDetails columns={others} row={0} centered />
    </div>
  )
}

import { CellValue } from '../CellValue.tsx'
import { sampleCell } from '../sampleCells.ts'
import { ColumnDetails } from './ColumnDetails.tsx'
import { type LayoutProps, ROWS, splitPrimary } from './layoutProps.ts'

const WEEK = ['M', 'T', 'W', 'T', 'F', 'S', 'S']

/** One card per habit: the primary column as its name, a week of check-ins, the other columns as stats. */
export function HabitLayout({ display }: LayoutProps) {
  const { primary, rest } = splitPrimary(display)
  return (
    <>
      {/* The native view titles each row with the primary column; its name heads the list. */}
      <p className="mock-list-heading">{primary.name}</p>
      <ul className="mock-habits">
        {ROWS.map((row) => (
          <li key={row} className="mock-habit">
            <span className="mock-habit-name">
              <CellValue sample={sampleCell(primary, row)} />
            </span>
            <span className="mock-week" role="img" aria-label={`Checked in on ${7 - row * 2} of 7 days`}>
              {WEEK.map((day, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the week is a fixed seven-day strip
                <span key={index} className={`mock-day${index < 7 - row * 2 ? ' is-done' : ''}`}>
                  {day}
                </span>
              ))}
            </span>
            <ColumnDetails columns={rest} row={row} />
          </li>
        ))}
      </ul>
    </>
  )
}

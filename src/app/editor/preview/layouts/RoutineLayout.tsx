import { CellValue } from '../CellValue.tsx'
import { sampleCell } from '../sampleCells.ts'
import { ColumnDetails } from './ColumnDetails.tsx'
import { groupBySection, type LayoutProps, ROWS, splitPrimary } from './layoutProps.ts'

/** Numbered steps done in order, each with a check circle; details grouped by section. */
export function RoutineLayout({ display }: LayoutProps) {
  const { primary, rest } = splitPrimary(display)
  const groups = groupBySection(rest)
  return (
    <>
      {/* The native view titles each row with the primary column; its name heads the list. */}
      <p className="mock-list-heading">{primary.name}</p>
      <ol className="mock-routine">
        {ROWS.map((row) => (
          <li key={row} className={`mock-step${row === 0 ? ' is-done' : ''}`}>
            <span className="mock-step-check" role="img" aria-label={row === 0 ? 'Step done' : 'Step to do'} />
            <div className="mock-step-body">
              <span className="mock-step-title">
                <CellValue sample={sampleCell(primary, row)} />
              </span>
              {groups.map((group) => (
                <div key={`${group.section}-${group.columns[0]?.index}`} className="mock-step-group">
                  {group.section !== null ? <span className="mock-section">{group.section}</span> : null}
                  <ColumnDetails columns={group.columns} row={row} />
                </div>
              ))}
            </div>
          </li>
        ))}
      </ol>
    </>
  )
}

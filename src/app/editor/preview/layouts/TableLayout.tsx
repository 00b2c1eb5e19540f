import { CellValue } from '../CellValue.tsx'
import { sampleCell } from '../sampleCells.ts'
import { groupBySection, type LayoutProps, ROWS } from './layoutProps.ts'

/** Rows and columns, with section headings spanning their columns. */
export function TableLayout({ display }: LayoutProps) {
  const groups = groupBySection(display.columns)
  const hasSections = groups.some((group) => group.section !== null)
  const columns = groups.flatMap((group) => group.columns)
  return (
    // A wide table scrolls sideways; focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled without a mouse
    <section className="mock-table-scroll" tabIndex={0} aria-label="Sample rows">
      <table className="mock-table">
        <caption className="visually-hidden">Sample rows of the table layout</caption>
        <thead>
          {hasSections ? (
            <tr>
              {groups.map((group) => (
                <th key={`${group.section}-${group.columns[0]?.index}`} colSpan={group.columns.length} scope="colgroup">
                  {group.section ?? ''}
                </th>
              ))}
            </tr>
          ) : null}
          <tr>
            {columns.map((column) => (
              <th key={column.index} scope="col" className={column.primary ? 'is-primary' : undefined}>
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row}>
              {columns.map((column) => (
                <td key={column.index} className={column.primary ? 'is-primary' : undefined}>
                  <CellValue sample={sampleCell(column, row)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

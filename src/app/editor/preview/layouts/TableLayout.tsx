import { useEffect, useRef, useState } from 'react'
import { CellValue } from '../CellValue.tsx'
import { sampleCell } from '../sampleCells.ts'
import { groupBySection, type LayoutProps, ROWS } from './layoutProps.ts'

/** Rows and columns, with section headings spanning their columns. */
export function TableLayout({ display }: LayoutProps) {
  const groups = groupBySection(display.columns)
  const hasSections = groups.some((group) => group.section !== null)
  const columns = groups.flatMap((group) => group.columns)
  const scroller = useRef<HTMLElement>(null)
  const overflowing = useOverflow(scroller)
  return (
    <>
      {/* A wide table scrolls sideways; focusable so keyboard users can scroll it (axe: scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled without a mouse */}
      <section className="mock-table-scroll" tabIndex={0} aria-label="Sample rows" ref={scroller}>
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
      {overflowing ? (
        <p className="mock-scroll-hint" data-testid="table-scroll-hint">
          Scroll sideways to see all {columns.length} columns →
        </p>
      ) : null}
    </>
  )
}

/** Whether the element is narrower than its content; overlay scrollbars otherwise hide that a column is cut. */
function useOverflow(ref: { current: HTMLElement | null }): boolean {
  const [overflowing, setOverflowing] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1)
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    measure()
    return () => observer.disconnect()
  }, [ref])
  return overflowing
}

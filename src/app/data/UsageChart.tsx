import { useEffect, useRef, useState } from 'react'
import { formatCount, formatDay } from '../ui/format.ts'
import { type DayPoint, niceMax } from './usageSeries.ts'

/** The drawing's width before the figure is measured, and the narrowest it draws for. */
const DEFAULT_WIDTH = 720
const MIN_WIDTH = 280
const HEIGHT = 240
/** A date label ("11-25") needs about this many pixels, gap included. */
const LABEL_PX = 44
const PAD = { top: 12, right: 12, bottom: 28, left: 40 }

/**
 * Requests and errors per day as plain SVG bars: requests in the accent
 * colour, the errors among them stacked in the error colour. The drawing
 * is as wide as its figure in pixels, so its 11 px labels stay 11 px on a
 * phone (a fixed 720-unit viewBox scaled them down to 5 px there), and
 * fewer dates are labelled where fewer fit.
 */
export function UsageChart({ points, label }: { points: DayPoint[]; label: string }) {
  const figure = useRef<HTMLElement>(null)
  const width = useWidth(figure)
  const max = niceMax(Math.max(0, ...points.map((point) => point.requests)))
  const plotWidth = width - PAD.left - PAD.right
  const plotHeight = HEIGHT - PAD.top - PAD.bottom
  const slot = plotWidth / Math.max(1, points.length)
  const barWidth = Math.max(2, slot * 0.7)
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight
  const every = [1, 2, 5, 10, 15].find((step) => step * slot >= LABEL_PX) ?? 15
  const ticks = [0, max / 4, max / 2, (3 * max) / 4, max]
  const total = points.reduce((sum, point) => sum + point.requests, 0)
  const errors = points.reduce((sum, point) => sum + point.errors, 0)
  const busiest = points.reduce<DayPoint | undefined>((best, point) => (!best || point.requests > best.requests ? point : best), undefined)
  const summary = `${label}: ${formatCount(total, 'request')} and ${formatCount(errors, 'error')} over ${formatCount(points.length, 'day')}${
    busiest && busiest.requests > 0 ? `; busiest day ${formatDay(busiest.date)} with ${formatCount(busiest.requests, 'request')}` : ''
  }.`

  return (
    <figure className="usage-chart" ref={figure}>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={summary} data-testid="usage-chart">
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="grid" x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text className="axis" x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
              {Number.isInteger(tick) ? tick : tick.toFixed(1)}
            </text>
          </g>
        ))}
        {points.map((point, index) => {
          const x = PAD.left + index * slot + (slot - barWidth) / 2
          return (
            <g key={point.date}>
              <title>{`${formatDay(point.date)}: ${formatCount(point.requests, 'request')}, ${formatCount(point.errors, 'error')}`}</title>
              <rect className="bar-requests" x={x} width={barWidth} y={y(point.requests)} height={y(0) - y(point.requests)} />
              {point.errors > 0 ? (
                <rect className="bar-errors" x={x} width={barWidth} y={y(point.errors)} height={y(0) - y(point.errors)} />
              ) : null}
              {index % every === 0 || (index === points.length - 1 && (index % every) * slot >= LABEL_PX) ? (
                <text className="axis" x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle">
                  {point.date.slice(5)}
                </text>
              ) : null}
            </g>
          )
        })}
        <line className="axis-line" x1={PAD.left} x2={width - PAD.right} y1={y(0)} y2={y(0)} />
      </svg>
      <figcaption className="legend">
        {/* Each swatch and its word wrap together: on a phone the line breaks between entries, never inside one. */}
        <span className="legend-item">
          <span className="swatch swatch-requests" aria-hidden="true" /> Requests
        </span>{' '}
        <span className="legend-item">
          <span className="swatch swatch-errors" aria-hidden="true" /> Errors (status ≥ 400),
        </span>{' '}
        per UTC day
      </figcaption>
    </figure>
  )
}

/** The element's width in CSS pixels, followed as it changes. */
function useWidth(ref: { current: HTMLElement | null }): number {
  const [width, setWidth] = useState(DEFAULT_WIDTH)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const measure = () => setWidth(Math.max(MIN_WIDTH, Math.round(element.clientWidth)) || DEFAULT_WIDTH)
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    measure()
    return () => observer.disconnect()
  }, [ref])
  return width
}

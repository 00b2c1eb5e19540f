import { formatDay } from '../ui/format.ts'
import { type DayPoint, niceMax } from './usageSeries.ts'

const WIDTH = 720
const HEIGHT = 240
const PAD = { top: 12, right: 12, bottom: 28, left: 40 }

/**
 * Requests and errors per day as plain SVG bars: requests in the accent
 * colour, the errors among them stacked in the error colour. The SVG
 * scales with its container through its viewBox.
 */
export function UsageChart({ points, label }: { points: DayPoint[]; label: string }) {
  const max = niceMax(Math.max(0, ...points.map((point) => point.requests)))
  const plotWidth = WIDTH - PAD.left - PAD.right
  const plotHeight = HEIGHT - PAD.top - PAD.bottom
  const slot = plotWidth / Math.max(1, points.length)
  const barWidth = Math.max(2, slot * 0.7)
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight
  const ticks = [0, max / 4, max / 2, (3 * max) / 4, max]
  const total = points.reduce((sum, point) => sum + point.requests, 0)
  const errors = points.reduce((sum, point) => sum + point.errors, 0)
  const busiest = points.reduce<DayPoint | undefined>((best, point) => (!best || point.requests > best.requests ? point : best), undefined)
  const summary = `${label}: ${total} requests and ${errors} errors over ${points.length} days${
    busiest && busiest.requests > 0 ? `; busiest day ${formatDay(busiest.date)} with ${busiest.requests} requests` : ''
  }.`

  return (
    <figure className="usage-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} data-testid="usage-chart">
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text className="axis" x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
              {Number.isInteger(tick) ? tick : tick.toFixed(1)}
            </text>
          </g>
        ))}
        {points.map((point, index) => {
          const x = PAD.left + index * slot + (slot - barWidth) / 2
          return (
            <g key={point.date}>
              <title>{`${formatDay(point.date)}: ${point.requests} requests, ${point.errors} errors`}</title>
              <rect className="bar-requests" x={x} width={barWidth} y={y(point.requests)} height={y(0) - y(point.requests)} />
              {point.errors > 0 ? (
                <rect className="bar-errors" x={x} width={barWidth} y={y(point.errors)} height={y(0) - y(point.errors)} />
              ) : null}
              {index % 5 === 0 || index === points.length - 1 ? (
                <text className="axis" x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle">
                  {point.date.slice(5)}
                </text>
              ) : null}
            </g>
          )
        })}
        <line className="axis-line" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} />
      </svg>
      <figcaption className="legend">
        <span className="swatch swatch-requests" aria-hidden="true" /> Requests <span className="swatch swatch-errors" aria-hidden="true" />{' '}
        Errors (status ≥ 400), per UTC day
      </figcaption>
    </figure>
  )
}

import { colorValue } from './palette.ts'
import './cells.css'
import type { CellSample } from './sampleCells.ts'

/** One sample cell, drawn the way its column type reads natively. Every string is React text. */
export function CellValue({ sample }: { sample: CellSample }) {
  switch (sample.kind) {
    case 'text':
      return <span className={sample.mono ? 'cell-mono' : undefined}>{sample.text}</span>
    case 'toggle':
      return (
        <span className={`cell-toggle${sample.on ? ' is-on' : ''}`} role="img" aria-label={sample.on ? 'On' : 'Off'}>
          <span className="cell-toggle-knob" />
        </span>
      )
    case 'rating':
      return (
        <span className="cell-rating" role="img" aria-label={`${sample.value} of ${sample.max} stars`}>
          {'★'.repeat(sample.value)}
          <span className="cell-rating-empty">{'☆'.repeat(sample.max - sample.value)}</span>
        </span>
      )
    case 'chips':
      return (
        <span className="cell-chips">
          {sample.values.map((value) => (
            <span key={value} className="cell-chip">
              {value}
            </span>
          ))}
        </span>
      )
    case 'photo':
      return <span className="cell-photo" role="img" aria-label="Photo placeholder" />
    case 'progress':
      return (
        <span className="cell-progress" role="img" aria-label={`${Math.round(sample.value * 100)} %`}>
          <span className="cell-progress-bar" style={{ width: `${sample.value * 100}%` }} />
        </span>
      )
    case 'link':
      // Looks like a link, is not one: the preview opens nothing.
      return <span className="cell-link">{sample.text}</span>
    case 'swatch':
      return (
        <span className="cell-swatch">
          <span className="cell-swatch-dot" style={{ background: colorValue(sample.color) }} aria-hidden="true" />
          {sample.color}
        </span>
      )
  }
}

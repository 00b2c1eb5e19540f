import type { CSSProperties, ReactNode } from 'react'
import { IconGlyph } from './iconGlyph.tsx'
import { CounterLayout } from './layouts/CounterLayout.tsx'
import { HabitLayout } from './layouts/HabitLayout.tsx'
import { ListLayout } from './layouts/ListLayout.tsx'
import type { LayoutProps } from './layouts/layoutProps.ts'
import { RoutineLayout } from './layouts/RoutineLayout.tsx'
import { TableLayout } from './layouts/TableLayout.tsx'
import { TimerLayout } from './layouts/TimerLayout.tsx'
import { colorValue, onColorValue } from './palette.ts'
import type { PreviewDisplay } from './previewBody.ts'
import './displayMock.css'

const LAYOUTS: Record<string, (props: LayoutProps) => ReactNode> = {
  table: TableLayout,
  routine: RoutineLayout,
  habit: HabitLayout,
  counter: CounterLayout,
  list: ListLayout,
  timer: TimerLayout,
}

interface DisplayMockProps {
  display: PreviewDisplay
  title: string | null
}

/**
 * A native-looking mock of the tool's display with sample values. The icon is
 * a glyph drawn in code for common names (a neutral symbol otherwise): a
 * manifest never chooses an image to load.
 */
export function DisplayMock({ display, title }: DisplayMockProps) {
  const Layout = LAYOUTS[display.layout]
  const accent = { '--mock-accent': colorValue(display.color), '--mock-on-accent': onColorValue(display.color) } as CSSProperties
  return (
    <figure className="display-mock" style={accent} data-testid="display-mock" data-layout={display.layout}>
      <div className="mock-device">
        <header className="mock-header">
          <span className="mock-icon" aria-hidden="true">
            <IconGlyph icon={display.icon} />
          </span>
          <span className="mock-title">{title ?? 'Untitled tool'}</span>
          <span className="mock-layout-name">{display.layout}</span>
        </header>
        <div className="mock-body">{Layout ? <Layout display={display} /> : <p>Unknown layout.</p>}</div>
      </div>
      <figcaption className="muted">
        {display.layout} layout · colour <span className="mock-color-name">{display.color}</span> · icon <code>{display.icon}</code> ·
        sample values only; nothing in the manifest runs.
      </figcaption>
    </figure>
  )
}

import { renderToStaticMarkup } from 'react-dom/server'
import { App } from './App.tsx'

/**
 * The frame as a fresh tab renders it while the sandbox starts (header,
 * navigation, "Starting the sandbox…"), as HTML. The build writes it into
 * index.html, so the page paints its frame before any script has run
 * (src/build/prerenderFrame.ts).
 */
export function frameMarkup(): string {
  return renderToStaticMarkup(<App />)
}

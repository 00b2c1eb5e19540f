/** Entry of embed.html: one example, picked by `?example=<id>`, with its own sandbox. */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { applyTheme, parseEmbedParams } from './embedParams.ts'
import { findExample } from './examples.ts'
import { reportHeight } from './frame/reportHeight.ts'
import { createEmbedController } from './run/embedController.ts'
import { EmbedApp } from './ui/EmbedApp.tsx'
import { UnknownExample } from './ui/UnknownExample.tsx'
import './ui/embed.css'

const params = parseEmbedParams(window.location.search)
applyTheme(params.theme)
const container = document.getElementById('embed-root')
if (!container) throw new Error('Failed to start the embed: embed.html has no #embed-root')

const example = findExample(params.exampleId)
const root = createRoot(container)
if (example) {
  document.title = `${example.title} · Developer Sandbox example`
  const controller = createEmbedController(example)
  root.render(
    <StrictMode>
      <EmbedApp example={example} controller={controller} />
    </StrictMode>,
  )
  void controller.start()
} else {
  root.render(<UnknownExample id={params.exampleId} />)
}
reportHeight(container)

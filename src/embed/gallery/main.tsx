/** Entry of gallery.html: the docs author's catalogue of examples and snippets. */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Gallery } from './Gallery.tsx'
import { loadEmbedScript } from './loadEmbedScript.ts'
import '../ui/embed.css'
import './gallery.css'

const container = document.getElementById('gallery-root')
if (!container) throw new Error('Failed to start the gallery: gallery.html has no #gallery-root')
createRoot(container).render(
  <StrictMode>
    <Gallery />
  </StrictMode>,
)
loadEmbedScript()

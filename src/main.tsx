import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { boot } from './app/runtime/boot.ts'
import { App } from './app/shell/App.tsx'

boot()

const root = document.getElementById('root')
if (!root) throw new Error('Failed to start the playground: no #root element in index.html')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/frame/App.tsx'
import { boot } from './app/frame/boot.ts'
import { renderOnceOpened } from './app/frame/firstRender.ts'

boot()

const root = document.getElementById('root')
if (!root) throw new Error('Failed to start the playground: no #root element in index.html')
// StrictMode checks effects and state in `npm start` and costs nothing in the build.
renderOnceOpened(root, () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)

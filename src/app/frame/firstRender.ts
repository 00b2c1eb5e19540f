import { preloadOpeningData } from '../data/openingData.ts'
import { sandboxControlsStore } from '../state/connection/sandboxControlsStore.ts'
import { keyVault } from '../state/keys/keyVault.ts'
import { navigationStore } from '../state/navigation.ts'
import { runtimeStore, startSandboxOnce } from '../state/runtime/runtimeStore.ts'
import { withinOpeningWait } from './openingAnswered.ts'

/** Longest the page stands as the build wrote it: a sandbox slower to start than this gets the app's own starting view. */
const RENDER_BY_MS = 1000

/**
 * Renders the app for the first time once the sandbox is up and the section
 * the page opens on has its first answer (decision 038). Until then the page
 * is the frame the build wrote into it, which shows the same starting state:
 * a render before then would put the app's own work on the one main thread
 * that also carries the sandbox's start and its first request.
 * A root the build left empty (the dev server) gets the app at once: there
 * is no frame to stand in for it.
 * @param render the app's first render into `root`; called once
 */
export function renderOnceOpened(root: HTMLElement, render: () => void): void {
  if (!root.hasChildNodes()) {
    render()
    return
  }
  let rendered = false
  const renderOnce = () => {
    if (rendered) return
    rendered = true
    clearTimeout(deadline)
    render()
  }
  const deadline = setTimeout(renderOnce, RENDER_BY_MS)
  void startSandboxOnce().then(async () => {
    const state = runtimeStore.getState()
    if (state.phase === 'ready' && !rendered) {
      const answered = preloadOpeningData(
        navigationStore.getState().section,
        state.connection.api,
        keyVault.getState().selectedKey,
        sandboxControlsStore.getState().clockMoves,
      )
      if (answered) await withinOpeningWait(answered)
    }
    renderOnce()
  })
}

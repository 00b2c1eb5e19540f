/**
 * The floor under `browser.coldApiReadyMs`: the playground's runtime with no
 * app. It starts the sandbox and its worker exactly as the playground does
 * and, once they are up, asks `GET /status` through the page's client, which
 * sets the same mark the playground's first answer sets. No React, no shell.
 */
import { runtimeStore, startSandboxOnce } from '../../../src/app/state/runtime/runtimeStore.ts'

void startSandboxOnce().then(() => {
  const state = runtimeStore.getState()
  if (state.phase === 'ready') void state.connection.api.call('getProjectStatus', {})
})

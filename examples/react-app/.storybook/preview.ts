import type { Preview } from '@storybook/react-vite'
import { setupWorker } from 'msw/browser'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { API_KEY } from '../src/config'
import fixture from '../src/mocks/fixture.json'
import { handlers, sandbox } from '../src/mocks/handlers'

const preview: Preview = {
  // The addon starts one worker with the sandbox's handlers; they stay through its per-story handler reset.
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker(...handlers)
      await worker.start({ onUnhandledFrame: 'bypass', quiet: true })
      return worker
    }),
  ],
  // Every story starts from the fixture, no faults, and the app's own key.
  beforeEach: async () => {
    await sandbox.fresh({ key: API_KEY, app: 'react-app', scopes: ['status.read', 'usage.read'], fixture })
  },
}

export default preview

import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { API_KEY } from '../../src/config'
import { worker } from '../../src/mocks/browser'
import fixture from '../../src/mocks/fixture.json'
import { sandbox } from '../../src/mocks/handlers'

beforeAll(() => worker.start({ onUnhandledFrame: 'bypass', quiet: true }))
// Every test starts from the fixture, no faults, and the app's own key.
beforeEach(() => sandbox.fresh({ key: API_KEY, app: 'react-app', scopes: ['status.read', 'usage.read'], fixture }))
afterEach(() => {
  cleanup()
  worker.resetHandlers()
  worker.events.removeAllListeners()
})
afterAll(() => worker.stop())

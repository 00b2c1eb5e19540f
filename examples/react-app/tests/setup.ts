import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { server } from '../src/mocks/node'
import { seedSandbox } from '../src/mocks/seed'

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
// Every test starts from the fixture: nothing one test did is seen by the next.
beforeEach(() => seedSandbox())
afterEach(() => {
  cleanup()
  server.resetHandlers()
  server.events.removeAllListeners()
})
afterAll(() => server.close())

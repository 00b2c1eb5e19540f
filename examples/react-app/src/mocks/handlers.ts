import { createHandlers } from 'developer-sandbox'
import { createTestSandbox } from 'developer-sandbox/testing'

/**
 * One sandbox for the page, the test run or Storybook. Creating it is
 * synchronous: the database (the page's IndexedDB, or fake-indexeddb in Node)
 * opens on first use. The test sandbox is the core plus a fault switch and
 * `fresh()`, which tests and stories start from.
 */
export const sandbox = createTestSandbox({ databaseName: 'react-app-example' })

export const handlers = [...createHandlers(sandbox)]

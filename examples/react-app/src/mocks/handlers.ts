import { createHandlers, createSandboxCore } from 'developer-sandbox'

/**
 * One sandbox for the page or the test run. Creating it is synchronous: the
 * database (the page's IndexedDB, or fake-indexeddb in Node) opens on first use.
 */
export const sandbox = createSandboxCore({ databaseName: 'react-app-example' })

export const handlers = [...createHandlers(sandbox)]

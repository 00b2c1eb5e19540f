import { join, resolve } from 'node:path'

export const REPOSITORY = resolve(import.meta.dirname, '../../..')
/** Where the global setup compiles the server; `bin.js` there is what the tests start. */
export const BUILD_ROOT = join(REPOSITORY, 'node_modules/.cache/server-under-test')
export const BIN = join(BUILD_ROOT, 'dist-lib/server/bin.js')

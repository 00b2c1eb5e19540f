import { rmSync } from 'node:fs'
import { removeServePackage } from './servePackage.ts'

/**
 * Playwright's global teardown: the suite's build lives in a folder named after its port, and the port
 * is a new free one each run, so the folder (and serve's build beside it) is removed once the run is over rather than left to pile up.
 */
export default function removeSite(): void {
  rmSync(`node_modules/.cache/e2e-site-${process.env.E2E_PORT}`, { recursive: true, force: true })
  removeServePackage()
}

import { type HttpHandler, http } from 'msw'
import { BASE_PATH } from './contract/version.ts'
import type { Sandbox } from './createSandbox.ts'

/**
 * MSW handlers that answer every request under the API's base path, on any
 * origin, with the sandbox. The only file of the core that knows MSW.
 */
export function createHandlers(sandbox: Pick<Sandbox, 'handle'>): HttpHandler[] {
  return [http.all(`*${BASE_PATH}/*`, ({ request }) => sandbox.handle(request))]
}

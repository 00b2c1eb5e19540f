/**
 * "Try it" without a service worker: the renderer's fetch, with requests
 * under the API's base handed to the sandbox in this page (same rules, same
 * answers, not on the network) and anything else (the OpenAPI document)
 * fetched as usual.
 */
import { BASE_PATH, type Sandbox } from '../api/core.ts'
import { dropEmptyBearer } from './scalarConfiguration.ts'

export function inPageFetch(sandbox: Pick<Sandbox, 'handle'>, siteUrl: string, network: typeof fetch = fetch): typeof fetch {
  const apiBase = new URL(BASE_PATH, siteUrl).href
  return async (input, init) => {
    const request = new Request(input, init)
    if (request.url !== apiBase && !request.url.startsWith(`${apiBase}/`)) return network(request)
    dropEmptyBearer(request.headers)
    return sandbox.handle(request)
  }
}

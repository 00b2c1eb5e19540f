/** The app's one API client: developer-sandbox's typed fetch client, with the configured key. */
import { createSandboxClient, type SandboxClient } from 'developer-sandbox/client'
import { API_KEY, API_ORIGIN } from './config'

export function createApiClient(key = API_KEY): SandboxClient {
  return createSandboxClient({ origin: API_ORIGIN, key })
}

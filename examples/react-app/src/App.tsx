import type { SandboxClient } from 'developer-sandbox/client'
import { createApiClient } from './api'
import { StatusView } from './StatusView'
import { UsageView } from './UsageView'

export function App({ client = createApiClient() }: { client?: SandboxClient }) {
  return (
    <main>
      <h1>My app's API project</h1>
      <StatusView client={client} />
      <UsageView client={client} />
    </main>
  )
}

/** What every workerd suite calls the team sandbox with: the admin token and host of tests/workerd/wrangler.jsonc, and the workspaces' namespace. */
import { env } from 'cloudflare:test'

export const TOKEN = 'workerd-suite-token'
export const ORIGIN = 'http://team.test'

interface WorkspaceNamespace {
  idFromName(name: string): DurableObjectId
  get(id: DurableObjectId): DurableObjectStub
}

/** The workspace objects by name, for a test to reach one directly (evict it, read its storage). */
export const namespace = (env as unknown as { WORKSPACES: WorkspaceNamespace }).WORKSPACES

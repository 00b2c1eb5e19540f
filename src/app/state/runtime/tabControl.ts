import { createControlHandler, type Workspace } from '../../../api/core.ts'
import { playgroundControls } from '../playgroundControls.ts'

/**
 * The control API over this tab's sandbox, for calls the bridge's server has
 * already authorised (it checks the admin token and never forwards it, so the
 * page never holds it). The handler still demands a token, so it gets one
 * that exists only in this tab and is added here, on the one path the
 * server's channel reaches.
 */
export function createTabControl(workspace: Workspace): (request: Request) => Promise<Response> {
  const tabSecret = crypto.randomUUID()
  const handle = createControlHandler({ workspace, controls: playgroundControls, adminToken: tabSecret })
  return (request) => {
    const headers = new Headers(request.headers)
    headers.set('authorization', `Bearer ${tabSecret}`)
    return handle(new Request(request, { headers }))
  }
}

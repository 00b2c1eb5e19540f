import { createControlHandler, type Workspace } from '../../../api/core.ts'
import { playgroundControls } from '../playgroundControls.ts'

/**
 * The control API over this tab's sandbox. It demands a token like every
 * host's does; the token is made here, lives only in this tab's memory, and
 * is handed to two callers: the page's own control client (through the
 * service worker, `tabControlRoute.ts`) and the bridge, whose server has
 * already checked the admin token and never forwards it (`trusted`).
 */
export interface TabControl {
  /** Answers a control call; a call without this tab's token is refused as on any host. */
  handle(request: Request): Promise<Response>
  /** Answers a call the bridge's server already authorised: this tab's token is added here. */
  trusted(request: Request): Promise<Response>
  /** The token the page's own control client presents. */
  readonly token: string
}

export function createTabControl(workspace: Workspace): TabControl {
  const token = crypto.randomUUID()
  const handle = createControlHandler({ workspace, controls: playgroundControls, adminToken: token })
  return {
    handle,
    trusted(request) {
      const headers = new Headers(request.headers)
      headers.set('authorization', `Bearer ${token}`)
      return handle(new Request(request, { headers }))
    },
    token,
  }
}

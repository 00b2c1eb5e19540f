/**
 * The playground's one way to its sandbox, whichever host runs it: the API
 * client and the control client the package ships, and a signal that the
 * sandbox changed under the page. Views use these and nothing else, so none
 * of them can tell a tab's service worker from `serve` or a team workspace.
 */
import type { OutsideRequest } from '../../../bridge/tab/outsideRequest.ts'
import type { ControlClient } from '../../../client/controlClient.ts'
import type { SandboxClient } from '../../../client/sandboxClient.ts'

/** Which sandbox the page talks to, shown in the header. */
export type SandboxHost =
  /** The sandbox in this tab's own service worker, over IndexedDB. */
  | { kind: 'tab'; label: string }
  /** `npx developer-sandbox serve`, at `origin`; its APIs answer below `site`, outside clients call its API at `apiUrl`. */
  | { kind: 'serve'; label: string; origin: string; site: string; apiUrl: string }
  /** A team workspace on Workers, named `name`: its APIs answer below `site` (`…/workspaces/<name>/`). */
  | { kind: 'workspace'; label: string; origin: string; site: string; apiUrl: string; name: string }

export interface SandboxConnection {
  readonly host: SandboxHost
  /** The sandbox API (`/api/developer/v1`), called with real fetch. */
  readonly api: SandboxClient
  /** The control API (`/_developer-sandbox`): keys, clock, faults, reset, state, the request journal. */
  readonly control: ControlClient
  /**
   * Calls `listener` when the sandbox may have changed without this page's
   * own call saying so (another tab, another client, a fault used up);
   * returns the unsubscribe function. Listeners re-read through the clients.
   */
  onChange(listener: () => void): () => void
  /**
   * Calls `listener` with each request another client (curl, a script, your
   * app) sent this sandbox, once, as the host's journal recorded it; returns
   * the unsubscribe function. The page's own requests are not among them.
   */
  onOutsideRequest(listener: (request: OutsideRequest) => void): () => void
  /**
   * Calls `listener` once if the host says the sandbox is gone for good (a
   * team workspace deleted), with the host's words; from then on the
   * connection re-reads nothing. Returns the unsubscribe function.
   */
  onGone(listener: (reason: string) => void): () => void
}

/**
 * What one part of the playground announces and others react to, typed by
 * name. A store never drives another store through `getState()`: the change
 * is announced here, and each store that cares follows it.
 */
import mitt from 'mitt'
import type { KeySummary } from '../../api/core.ts'
import type { OutsideRequest } from '../../bridge/tab/outsideRequest.ts'

export type PlaygroundEvents = {
  /** A key was issued in this tab. Its plaintext travels only here and into this tab's key vault. */
  keyIssued: { summary: KeySummary; key: string }
  /** A key was revoked from this tab. */
  keyRevoked: { id: string }
  /** The workspace was reset (in any tab): no key issued before opens anything any more. */
  workspaceReset: { at: number }
  /** The workspace was replaced by an import (in any tab): only these keys still exist. */
  workspaceImported: { keyIds: readonly string[] }
  /** A client outside the page (curl, a script, another app) called the sandbox through the page's server, and this tab answered. */
  outsideRequest: OutsideRequest
}

/** The playground's one event bus; listeners run synchronously, in the order they subscribed. */
export const playgroundEvents = mitt<PlaygroundEvents>()

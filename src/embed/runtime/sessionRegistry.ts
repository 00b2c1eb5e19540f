/**
 * Every embedded example a runtime serves, one session each, by the id of
 * the frame that shows it. The embed service worker keeps one registry for
 * all the frames of all the docs pages it controls.
 */
import { createExampleSession, type ExampleSession } from './exampleSession.ts'

export interface SessionRegistry {
  /** The frame's session, made on first use. */
  session(frameId: string): ExampleSession
  /** Drops a frame's session (its keys and state go with it). */
  close(frameId: string): void
  /** Drops the sessions of frames that no longer exist; returns how many. */
  prune(liveFrameIds: ReadonlySet<string>): number
  readonly size: number
}

export function createSessionRegistry(create: () => ExampleSession = createExampleSession): SessionRegistry {
  const sessions = new Map<string, ExampleSession>()
  return {
    session(frameId) {
      let found = sessions.get(frameId)
      if (!found) {
        found = create()
        sessions.set(frameId, found)
      }
      return found
    },
    close: (frameId) => void sessions.delete(frameId),
    prune(live) {
      let dropped = 0
      for (const id of sessions.keys()) {
        if (live.has(id)) continue
        sessions.delete(id)
        dropped++
      }
      return dropped
    },
    get size() {
      return sessions.size
    },
  }
}

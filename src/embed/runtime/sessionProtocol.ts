/**
 * What an embed frame asks of the runtime that holds its session, and the
 * answers: the same calls whether the runtime is the site's embed service
 * worker (over a MessageChannel) or the frame itself.
 */
import { isScope, type Scope } from '../../api/core.ts'
import type { HeldKey } from './keyLease.ts'
import type { SessionRegistry } from './sessionRegistry.ts'

/** Marks a message to the embed service worker; anything else posted to it is ignored. */
export const SESSION_MESSAGE = 'developer-sandbox:embed-session'

export type SessionCall =
  | { op: 'acquire'; scopes: readonly Scope[]; renew?: boolean }
  | { op: 'release' }
  | { op: 'clock'; offsetMs: number }
  | { op: 'keys' }
  /** A frame loaded past the worker (a hard reload) asks to be taken under its control. */
  | { op: 'claim' }
  | { op: 'close' }

export type SessionReply =
  | { ok: true; key?: HeldKey; keys?: Array<{ app: string; scopes: string[]; status: string }> }
  | { ok: false; message: string }

/** The call in a message, or undefined when it is not one: messages are checked, never trusted. */
export function readSessionCall(data: unknown): SessionCall | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const message = data as { type?: unknown; call?: unknown }
  if (message.type !== SESSION_MESSAGE || typeof message.call !== 'object' || message.call === null) return undefined
  const call = message.call as Record<string, unknown>
  switch (call.op) {
    case 'acquire': {
      const scopes = call.scopes
      if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string' && isScope(scope))) return undefined
      return { op: 'acquire', scopes: scopes as Scope[], renew: call.renew === true }
    }
    case 'clock':
      return typeof call.offsetMs === 'number' && Number.isFinite(call.offsetMs) ? { op: 'clock', offsetMs: call.offsetMs } : undefined
    case 'release':
    case 'keys':
    case 'claim':
    case 'close':
      return { op: call.op }
    default:
      return undefined
  }
}

/** Answers one call for one frame. `claim` is the host's to do; here it only succeeds. */
export async function answerSessionCall(registry: SessionRegistry, frameId: string, call: SessionCall): Promise<SessionReply> {
  try {
    switch (call.op) {
      case 'acquire': {
        const key = await registry.session(frameId).acquire(call.scopes, call.renew)
        return key ? { ok: true, key: { id: key.id, key: key.key, hint: key.hint } } : { ok: true }
      }
      case 'release':
        await registry.session(frameId).release()
        return { ok: true }
      case 'clock':
        registry.session(frameId).setClockOffset(call.offsetMs)
        return { ok: true }
      case 'keys':
        return { ok: true, keys: await registry.session(frameId).keys() }
      case 'close':
        registry.close(frameId)
        return { ok: true }
      case 'claim':
        return { ok: true }
    }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
  }
}

/** A remote host for the playground's stores: a real core and the real control handler behind a fetch, no workspace object handed to the page. */
import { IDBFactory } from 'fake-indexeddb'
import { createControlHandler, createSandboxControls, createSandboxCore } from '../../../src/api/core.ts'
import type { SandboxConnection } from '../../../src/app/state/connection/sandboxConnection.ts'
import { createControlClient } from '../../../src/client/controlClient.ts'
import { createSandboxClient } from '../../../src/client/sandboxClient.ts'

export const ORIGIN = 'http://remote.test'
export const TOKEN = 'admin-token-for-the-test'

/**
 * A sandbox the page reaches only over its two APIs, as it reaches `serve` or a
 * team workspace: a real core and the real control handler behind a fetch.
 */
export async function remoteHost() {
  const controls = createSandboxControls()
  const sandbox = createSandboxCore({
    indexedDB: new IDBFactory(),
    now: controls.clock.now,
    faults: controls.faults.read,
    journal: controls.journal,
  })
  const control = createControlHandler({ workspace: sandbox.workspace, controls, adminToken: TOKEN })
  const calls: string[] = []
  // A held call ("METHOD path") waits until the test lets it through, as a slow network would keep it: on its way to the host, or with the host's answer already made.
  const held = new Map<string, { gate: Promise<void>; answered: boolean }>()
  const hold = (call: string, { answered = false } = {}) => {
    let release = () => {}
    held.set(call, { gate: new Promise<void>((resolve) => (release = resolve)), answered })
    return () => {
      held.delete(call)
      release()
    }
  }
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const call = `${request.method} ${new URL(request.url).pathname}`
    calls.push(call)
    const waiting = held.get(call)
    if (waiting && !waiting.answered) await waiting.gate
    const response = await (new URL(request.url).pathname.startsWith('/_developer-sandbox') ? control(request) : sandbox.handle(request))
    if (waiting?.answered) await waiting.gate
    return response
  }
  const changed = new Set<() => void>()
  const connection: SandboxConnection = {
    host: { kind: 'serve', label: `serve at ${ORIGIN}`, origin: ORIGIN, site: `${ORIGIN}/`, apiUrl: `${ORIGIN}/api/developer/v1` },
    api: createSandboxClient({ origin: ORIGIN, fetch }),
    control: createControlClient({ url: ORIGIN, token: TOKEN, fetch }),
    onChange(listener) {
      changed.add(listener)
      return () => changed.delete(listener)
    },
    onOutsideRequest: () => () => {},
    onGone: () => () => {},
  }
  const announce = () => {
    for (const listener of changed) listener()
  }
  return { connection, fetch, hold, controls, calls, announce, outside: createControlClient({ url: ORIGIN, token: TOKEN, fetch }) }
}

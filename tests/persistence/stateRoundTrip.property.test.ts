/**
 * Whatever a running sandbox can write, it can load again. Random sessions
 * move the clock to random instants (edges included), issue and revoke keys
 * and make requests on serve's persistent sandbox; then the state is
 * exported, imported into a fresh sandbox, and the server restarted on its
 * file, and all three must be the same state. Replay a run with STATE_SEED=<seed>.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { createControlHandler, parseSnapshot } from '../../src/api/core.ts'
import { openPersistentSandbox, type PersistentSandbox } from '../../src/server/persistentSandbox.ts'
import { type Answer, comparable, type Host, runSession, session, sessionSeed } from './support/stateScenario.ts'

const TOKEN = 'state-round-trip-token'
const ORIGIN = 'http://127.0.0.1:4010'
const RUNS = Number(process.env.STATE_RUNS ?? 20)
const SEED = sessionSeed('state round trip (serve)')
const folder = mkdtempSync(join(tmpdir(), 'state-round-trip-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

async function answerOf(response: { status: number; body: string | null } | Response): Promise<Answer> {
  const text = response instanceof Response ? await response.text() : response.body
  return { status: response.status, body: text ? JSON.parse(text) : undefined }
}

/** serve's sandbox on a state file, driven as serve drives it: the control handler and the core's `answer`. */
async function open(statePath: string): Promise<{ sandbox: PersistentSandbox; host: Host }> {
  const sandbox = await openPersistentSandbox({ statePath, controls: { journal: true }, writeBehindMs: 5, log: () => {} })
  const controls = sandbox.controls
  if (!controls) throw new Error('Failed to open the sandbox with its controls.')
  const handle = createControlHandler({ workspace: sandbox.workspace, controls, adminToken: TOKEN, persist: () => sandbox.save() })
  const json = (body: unknown) => (body === undefined ? {} : { body: JSON.stringify(body) })
  const host: Host = {
    control: async (method, path, body) =>
      answerOf(
        await handle(
          new Request(`${ORIGIN}/_developer-sandbox${path}`, {
            method,
            headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
            ...json(body),
          }),
        ),
      ),
    api: async (key, method, path, body) =>
      answerOf(
        await sandbox.answer(
          new Request(`${ORIGIN}/api/developer/v1${path}`, {
            method,
            headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
            ...json(body),
          }),
        ),
      ),
  }
  return { sandbox, host }
}

describe('the state a running sandbox writes', () => {
  it(`exports, imports and loads again after a restart, whatever the clock showed (seed ${SEED})`, async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(session, async (steps) => {
        run += 1
        const path = join(folder, `run-${run}.db`)
        const first = await open(path)
        let reopened: Awaited<ReturnType<typeof open>> | undefined
        let copy: Awaited<ReturnType<typeof open>> | undefined
        try {
          await runSession(first.host, steps)
          const exported = (await first.host.control('GET', '/state')).body
          expect(() => parseSnapshot(exported)).not.toThrow()
          const clock = (await first.host.control('GET', '/clock')).body as { offsetMs: number }

          copy = await open(join(folder, `run-${run}-copy.db`))
          expect((await copy.host.control('PUT', '/state', exported)).status).toBe(200)
          expect(comparable((await copy.host.control('GET', '/state')).body)).toEqual(comparable(exported))

          await first.sandbox.close()
          reopened = await open(path)
          expect(comparable((await reopened.host.control('GET', '/state')).body)).toEqual(comparable(exported))
          const after = (await reopened.host.control('GET', '/clock')).body as { offsetMs: number }
          expect(after.offsetMs).toBe(clock.offsetMs)
          for (const route of ['/requests', '/keys', '/faults']) expect((await reopened.host.control('GET', route)).status).toBe(200)
        } finally {
          await first.sandbox.close()
          await copy?.sandbox.close()
          await reopened?.sandbox.close()
        }
      }),
      { seed: SEED, numRuns: RUNS },
    )
  }, 120_000)
})

/**
 * The recovery property on serve's state file: one random record of a random
 * store damaged by hand in a workspace of N keys (two projects, usage, rate
 * windows, a webhook endpoint). serve then refuses to start and leaves every
 * byte as it was, or (a damage no check can see) starts with every key; and
 * the salvage a reset with keepKeys runs on a team workspace, run on this
 * file, keeps every other key or is refused. Replay with STATE_SEED=<seed>.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { createControlHandler } from '../../src/api/core.ts'
import { salvageRecords } from '../../src/persistence/salvageRecords.ts'
import { openPersistentSandbox } from '../../src/server/persistentSandbox.ts'
import { openStateFile } from '../../src/server/stateDatabase.ts'
import { StateFileError } from '../../src/server/stateFile.ts'
import { damage, damagedValue, idOfRow, pickRow, type Row } from '../persistence/support/recordDamage.ts'
import { sessionSeed } from '../persistence/support/stateScenario.ts'

const TOKEN = 'damaged-state-token'
const ORIGIN = 'http://127.0.0.1:4010'
const SEED = sessionSeed('damaged record (serve)')
const folder = mkdtempSync(join(tmpdir(), 'damaged-state-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** A state file with `count` keys of two apps, each used once, and a webhook endpoint; closed. */
async function stateWithKeys(path: string, count: number): Promise<{ id: string; key: string }[]> {
  const sandbox = await openPersistentSandbox({ statePath: path, controls: { journal: false }, log: () => {} })
  const controls = sandbox.controls
  if (!controls) throw new Error('Failed to open the sandbox with its controls.')
  const control = createControlHandler({ workspace: sandbox.workspace, controls, adminToken: TOKEN, persist: () => sandbox.save() })
  const keys: { id: string; key: string }[] = []
  for (let index = 0; index < count; index++) {
    keys.push(await sandbox.issueKey({ scopes: ['status.read'], app: index % 2 === 0 ? 'shop' : 'ledger' }))
  }
  const exported = await sandbox.workspace.exportState()
  const endpoint = {
    id: 'we_1',
    projectId: exported.keys[0]?.projectId ?? '',
    url: 'https://hooks.test/in',
    latestDelivery: { status: 'none' },
  }
  const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }
  const imported = await control(
    new Request(`${ORIGIN}/_developer-sandbox/state`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...exported, webhookEndpoints: [endpoint] }),
    }),
  )
  expect(imported.status).toBe(200)
  for (const { key } of keys) {
    const answer = await sandbox.answer(new Request(`${ORIGIN}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${key}` } }))
    expect(answer.status).toBe(200)
  }
  await sandbox.close()
  return keys
}

function damageOne(path: string, hurt: Parameters<typeof damagedValue>[1]): Row {
  const db = new DatabaseSync(path)
  try {
    const target = pickRow(db.prepare('SELECT store, key, value FROM records ORDER BY store, key').all() as unknown as Row[], hurt)
    for (const value of [damagedValue(target.value, hurt), damagedValue(target.value, { ...hurt, kind: 'extraMember' })]) {
      try {
        // A store with an index refuses a value that is not JSON: its hand then adds a member instead.
        db.prepare('UPDATE records SET value = ? WHERE store = ? AND key = ?').run(value, target.store, target.key)
        return target
      } catch {}
    }
    throw new Error('Failed to damage the record.')
  } finally {
    db.close()
  }
}

describe('serve on a state file with one damaged record', () => {
  it(`refuses to start and keeps every byte, and the salvage keeps every other key (seed ${SEED})`, async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), damage, async (count, hurt) => {
        run += 1
        const path = join(folder, `run-${run}.db`)
        const keys = await stateWithKeys(path, count)
        const target = damageOne(path, hurt)
        const before = readFileSync(path)

        let started: Awaited<ReturnType<typeof openPersistentSandbox>> | undefined
        try {
          started = await openPersistentSandbox({ statePath: path, log: () => {} })
        } catch (error) {
          expect(error).toBeInstanceOf(StateFileError)
          expect((error as Error).message).toContain('The file was left untouched')
          expect(readFileSync(path).equals(before)).toBe(true)
        }
        if (started) {
          // No check sees this damage (a member an older export may lack): every key is there.
          expect((await started.listKeys()).map((key) => key.id).sort()).toEqual(keys.map((key) => key.id).sort())
          await started.close()
        }

        const state = openStateFile(path)
        try {
          const salvage = salvageRecords(state.sql)
          if (salvage.kind === 'refused') {
            expect(target.store).toBe('projects')
            return
          }
          for (const record of salvage.dropped) expect([record.store, record.id]).toEqual([target.store, idOfRow(target)])
          const kept = new Set(salvage.rows.filter((row) => row.store === 'keys').map((row) => JSON.parse(row.key) as string))
          for (const { id } of keys) {
            const dropped = salvage.dropped.some((record) => record.store === 'keys' && record.id === id)
            expect([id, kept.has(id)]).toEqual([id, !dropped])
          }
        } finally {
          state.close()
        }
      }),
      { seed: SEED, numRuns: 25 },
    )
  })
})

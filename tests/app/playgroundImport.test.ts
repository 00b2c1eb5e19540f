import { afterEach, describe, expect, it } from 'vitest'
import { connectSandboxControls, sandboxControlsStore } from '../../src/app/state/connection/sandboxControlsStore.ts'
import { exportPlayground, importPlayground } from '../../src/app/workspace/playgroundExport.ts'
import { remoteHost } from './support/remoteHost.ts'

const DAY_MS = 86_400_000
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** An export of `host`, taken with its clock `offsetMs` from real time. */
async function exportAt(offsetMs: number): Promise<string> {
  const host = await remoteHost()
  if (offsetMs !== 0) await host.outside.advanceClock(offsetMs)
  return exportPlayground(host.outside)
}

describe('importing a playground export', () => {
  it('puts a clock exported at real time back on real time, not a few milliseconds off', async () => {
    const text = await exportAt(0)
    const target = await remoteHost()
    // The target's clock was moved, so the import has something to undo.
    await target.outside.advanceClock(3 * DAY_MS)
    stops.push(connectSandboxControls(target.connection))
    await importPlayground(target.connection.control, text)
    expect(target.controls.clock.offsetMs).toBe(0)
    expect(sandboxControlsStore.getState().offsetMs).toBe(0)
    expect(sandboxControlsStore.getState().error).toBeUndefined()
  })

  it('puts a moved clock exactly as far from real time as it was exported', async () => {
    const text = await exportAt(181 * DAY_MS)
    expect(JSON.parse(text).settings.clockOffsetMs).toBe(181 * DAY_MS)
    const target = await remoteHost()
    await target.outside.advanceClock(-DAY_MS)
    stops.push(connectSandboxControls(target.connection))
    await importPlayground(target.connection.control, text)
    expect(target.controls.clock.offsetMs).toBe(181 * DAY_MS)
    expect(sandboxControlsStore.getState().offsetMs).toBe(181 * DAY_MS)
  })

  it('reads an offset under a second, as an older export may hold, as real time', async () => {
    const document = JSON.parse(await exportAt(0))
    document.settings.clockOffsetMs = -10
    const target = await remoteHost()
    stops.push(connectSandboxControls(target.connection))
    await importPlayground(target.connection.control, JSON.stringify(document))
    expect(target.controls.clock.offsetMs).toBe(0)
  })
})

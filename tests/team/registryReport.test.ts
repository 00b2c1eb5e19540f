/** What a workspace object tells the registry, and when: the key count after the keys may have changed, the last use at most once a minute. */
import { describe, expect, it, vi } from 'vitest'
import { RegistryReport } from '../../src/worker/registryReport.ts'

/** Real time, as the object reads it. */
const AT = Date.UTC(2026, 10, 27)

function recorder() {
  const sent: { lastUsedAt: number | null; keys: number }[] = []
  let counted = 0
  let failing = false
  return {
    sent,
    counts: () => counted,
    fail: (on: boolean) => {
      failing = on
    },
    countKeys: async () => {
      counted++
      return 7
    },
    send: async (lastUsedAt: number | null, keys: number) => {
      if (failing) throw new Error('registry unreachable')
      sent.push({ lastUsedAt, keys })
    },
  }
}

describe('the report a workspace sends the registry', () => {
  it('sends the count once, then nothing until the keys may have changed or a minute of use has passed', async () => {
    const report = new RegistryReport()
    const registry = recorder()
    await report.send('w', registry.countKeys, registry.send)
    expect(registry.sent).toEqual([{ lastUsedAt: null, keys: 7 }])

    report.used(AT + 1_000)
    await report.send('w', registry.countKeys, registry.send)
    report.used(AT + 30_000)
    await report.send('w', registry.countKeys, registry.send)
    // The first use after the first report goes out; the next one within a minute of it does not, and the keys are not counted again.
    expect(registry.sent).toEqual([
      { lastUsedAt: null, keys: 7 },
      { lastUsedAt: AT + 1_000, keys: 7 },
    ])
    expect(registry.counts()).toBe(1)

    report.used(AT + 61_000)
    await report.send('w', registry.countKeys, registry.send)
    expect(registry.sent.at(-1)).toEqual({ lastUsedAt: AT + 61_000, keys: 7 })

    report.keysMayHaveChanged()
    await report.send('w', registry.countKeys, registry.send)
    expect(registry.counts()).toBe(2)
    expect(registry.sent).toHaveLength(4)
  })

  it('sends again next time when the registry could not be reached', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const report = new RegistryReport()
    const registry = recorder()
    registry.fail(true)
    await report.send('w', registry.countKeys, registry.send)
    expect(registry.sent).toEqual([])
    expect(errors).toHaveBeenCalledWith('Failed to report the workspace "w" to the registry:', expect.any(Error))
    registry.fail(false)
    await report.send('w', registry.countKeys, registry.send)
    expect(registry.sent).toEqual([{ lastUsedAt: null, keys: 7 }])
    errors.mockRestore()
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.restoreAllMocks()
  vi.resetModules()
})

/** A fresh copy of the module each time: it warns once per isolate. */
async function adminTokenOf() {
  return (await import('../../src/worker/platform.ts')).adminTokenOf
}

describe('the admin token of the team sandbox', () => {
  it('is read from DEVELOPER_SANDBOX_ADMIN_TOKEN, the name every host reads, without a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const read = await adminTokenOf()
    expect(read({ DEVELOPER_SANDBOX_ADMIN_TOKEN: 'new', SANDBOX_ADMIN_TOKEN: 'old' })).toBe('new')
    expect(warn).not.toHaveBeenCalled()
  })

  it('still counts under its old name, SANDBOX_ADMIN_TOKEN, warning once with the new name', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const read = await adminTokenOf()
    expect(read({ SANDBOX_ADMIN_TOKEN: 'old' })).toBe('old')
    expect(read({ SANDBOX_ADMIN_TOKEN: 'old' })).toBe('old')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toContain('DEVELOPER_SANDBOX_ADMIN_TOKEN')
  })

  it('is unset when neither name is set, so the admin routes stay closed', async () => {
    expect((await adminTokenOf())({})).toBeUndefined()
  })
})

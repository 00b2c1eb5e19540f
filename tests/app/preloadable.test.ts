import { describe, expect, it } from 'vitest'
import { preloadable } from '../../src/app/ui/preloadable.ts'

describe('preloadable', () => {
  it('runs the importer once, however often it is asked', async () => {
    let runs = 0
    const load = preloadable(async () => ++runs)
    expect(load()).toBe(load())
    await load()
    expect(runs).toBe(1)
  })

  it('says nothing before it settles, then carries the value where React’s use() reads it', async () => {
    const load = preloadable(async () => 'module')
    expect(load().status).toBeUndefined()
    await load()
    await Promise.resolve()
    expect(load()).toMatchObject({ status: 'fulfilled', value: 'module' })
  })

  it('carries the reason of a failed load', async () => {
    const failure = new Error('offline')
    const load = preloadable(() => Promise.reject(failure))
    await expect(load()).rejects.toBe(failure)
    expect(load()).toMatchObject({ status: 'rejected', reason: failure })
  })
})

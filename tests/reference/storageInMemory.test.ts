/**
 * A frame whose browser blocks storage throws on merely reading
 * `localStorage`; the reference puts a memory storage in its place so the
 * renderer, which reads it unguarded, still mounts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { storageInMemoryWhereBlocked } from '../../src/reference/storageInMemory.ts'

const blockedGetter = {
  configurable: true,
  get(): Storage {
    throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError')
  },
}

describe('storage in a frame that may not use it', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'window', { value: globalThis, configurable: true })
  })
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage
    delete (globalThis as { window?: unknown }).window
  })

  it('replaces a storage that throws with one in memory that keeps what is set', () => {
    Object.defineProperty(globalThis, 'localStorage', blockedGetter)
    Object.defineProperty(globalThis, 'sessionStorage', blockedGetter)
    expect(() => globalThis.localStorage).toThrow('Access is denied')
    expect(storageInMemoryWhereBlocked()).toEqual(['localStorage', 'sessionStorage'])
    localStorage.setItem('theme', 'dark')
    localStorage.setItem('n', 1 as unknown as string)
    expect(localStorage.getItem('theme')).toBe('dark')
    expect(localStorage.getItem('n')).toBe('1')
    expect(localStorage.length).toBe(2)
    expect(localStorage.key(0)).toBe('theme')
    localStorage.removeItem('theme')
    expect(localStorage.getItem('theme')).toBeNull()
    localStorage.clear()
    expect(localStorage.length).toBe(0)
  })

  it('leaves a storage the browser allows as it is', () => {
    const real = { getItem: () => 'kept' } as unknown as Storage
    Object.defineProperty(globalThis, 'localStorage', { value: real, configurable: true })
    Object.defineProperty(globalThis, 'sessionStorage', { value: real, configurable: true })
    expect(storageInMemoryWhereBlocked()).toEqual([])
    expect(globalThis.localStorage).toBe(real)
  })
})

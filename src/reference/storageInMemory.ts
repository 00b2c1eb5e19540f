/**
 * Where a browser blocks storage for this frame (a docs site of another site
 * framing the reference, in a browser that blocks third-party storage),
 * merely reading `window.localStorage` throws a SecurityError. The renderer
 * reads it without a guard to keep its own preferences, and failed to mount at
 * all. In such a frame, both storages are replaced by ones in memory before
 * the renderer loads: its preferences then last as long as the page, which is
 * what the browser allows anyway.
 */
class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>()
  get length(): number {
    return this.#items.size
  }
  clear(): void {
    this.#items.clear()
  }
  getItem(key: string): string | null {
    return this.#items.get(String(key)) ?? null
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null
  }
  removeItem(key: string): void {
    this.#items.delete(String(key))
  }
  setItem(key: string, value: string): void {
    this.#items.set(String(key), String(value))
  }
}

function blocked(name: 'localStorage' | 'sessionStorage'): boolean {
  try {
    return !window[name]
  } catch {
    return true
  }
}

/** Replaces each storage this frame may not use with one in memory; gives back the names it replaced. */
export function storageInMemoryWhereBlocked(): string[] {
  const replaced: string[] = []
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    if (!blocked(name)) continue
    Object.defineProperty(window, name, { value: new MemoryStorage(), configurable: true })
    replaced.push(name)
  }
  return replaced
}

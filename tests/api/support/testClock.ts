/** A settable clock, starting at a fixed instant so day buckets are predictable. */
export function testClock(start = Date.UTC(2026, 10, 22, 12, 0, 0)) {
  let current = start
  return {
    now: () => current,
    set: (value: number) => {
      current = value
    },
    advance: (ms: number) => {
      current += ms
    },
  }
}

import { useEffect } from 'react'

/** The mark the benchmark reads: cold navigation → editor painted with markers and verdict. */
export const EDITOR_MARKERS_MARK = 'sandbox:editor-markers'

let marked = false

/**
 * Sets the performance mark once per page load, after the first frame in
 * which `ready` holds has been painted (a frame callback runs before paint;
 * the task queued from it runs after).
 */
export function usePaintMark(ready: boolean): void {
  useEffect(() => {
    if (!ready || marked) return
    const frame = requestAnimationFrame(() => {
      setTimeout(() => {
        if (marked) return
        marked = true
        performance.mark(EDITOR_MARKERS_MARK)
      }, 0)
    })
    return () => cancelAnimationFrame(frame)
  }, [ready])
}

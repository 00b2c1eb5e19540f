import { type RefObject, useEffect, useState } from 'react'

/** Which ends of a sideways-scrolling strip hide something: what its fades and arrows show. */
export interface StripOverflow {
  start: boolean
  end: boolean
}

/** Less than this past an edge counts as at the edge: scroll positions land on fractions of a pixel. */
const SLACK_PX = 2

/** Follows a strip's scroll position and size, saying whether more of it lies past either end. */
export function useStripOverflow(strip: RefObject<HTMLElement | null>): StripOverflow {
  const [overflow, setOverflow] = useState<StripOverflow>({ start: false, end: false })
  useEffect(() => {
    const element = strip.current
    if (!element) return
    const measure = () => {
      const start = element.scrollLeft > SLACK_PX
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - SLACK_PX
      setOverflow((before) => (before.start === start && before.end === end ? before : { start, end }))
    }
    measure()
    element.addEventListener('scroll', measure, { passive: true })
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure)
    resize?.observe(element)
    return () => {
      element.removeEventListener('scroll', measure)
      resize?.disconnect()
    }
  }, [strip])
  return overflow
}

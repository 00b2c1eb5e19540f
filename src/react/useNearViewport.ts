import { type RefObject, useEffect, useState } from 'react'

/** How far from the viewport a frame starts loading, as embed.js does. */
const NEAR = '600px 0px'

/**
 * False on the server and in the first client render (so hydration matches),
 * then true once the element comes near the viewport; at once where the
 * browser has no IntersectionObserver.
 */
export function useNearViewport(element: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false)
  useEffect(() => {
    const target = element.current
    if (!target || typeof IntersectionObserver !== 'function') {
      setNear(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        setNear(true)
      },
      { rootMargin: NEAR },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [element])
  return near
}

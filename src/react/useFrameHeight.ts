import { type RefObject, useEffect, useState } from 'react'
import { HEIGHT_MESSAGE_TYPE } from '../embed/frame/reportHeight.ts'

const MIN_HEIGHT = 60
const MAX_HEIGHT = 4000

/**
 * The height an embed frame reports for its content. Believed only from the
 * sandbox site's origin and from this very frame, as embed.js does.
 */
export function useFrameHeight(frame: RefObject<HTMLIFrameElement | null>, siteOrigin: string | undefined, initial: number): number {
  const [height, setHeight] = useState(initial)
  useEffect(() => {
    if (!siteOrigin) return
    const listener = (event: MessageEvent) => {
      if (event.origin !== siteOrigin || !frame.current || event.source !== frame.current.contentWindow) return
      const data: unknown = event.data
      if (typeof data !== 'object' || data === null) return
      const message = data as { type?: unknown; height?: unknown }
      if (message.type !== HEIGHT_MESSAGE_TYPE || typeof message.height !== 'number' || !Number.isFinite(message.height)) return
      setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(message.height))))
    }
    window.addEventListener('message', listener)
    return () => window.removeEventListener('message', listener)
  }, [frame, siteOrigin])
  return height
}

/**
 * Tells the embedding page how tall this embed is, so `embed.js` can size
 * the iframe to its content with no scrollbar. The loader (public/embed.js)
 * checks the same message type.
 */
export const HEIGHT_MESSAGE_TYPE = 'developer-sandbox:embed-height'

export interface HeightMessage {
  type: typeof HEIGHT_MESSAGE_TYPE
  /** CSS pixels, rounded up. */
  height: number
}

/**
 * Posts the element's height to the parent whenever it changes; does nothing in a top-level page.
 * @note The target origin is '*': the embed cannot know its host in advance,
 * and a height says nothing secret. The receiving side is the one that checks:
 * `embed.js` accepts only this origin and only its own iframes.
 */
export function reportHeight(element: HTMLElement, parent: Window = window.parent): () => void {
  if (parent === window) return () => {}
  let last = -1
  const observer = new ResizeObserver(() => {
    const height = Math.ceil(element.getBoundingClientRect().height)
    // Nothing rendered yet (React commits after the first layout): the page keeps the height it reserved.
    if (height === 0 || height === last) return
    last = height
    const message: HeightMessage = { type: HEIGHT_MESSAGE_TYPE, height }
    parent.postMessage(message, '*')
  })
  observer.observe(element)
  return () => observer.disconnect()
}

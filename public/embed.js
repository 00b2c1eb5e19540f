// @ts-check
/*
 * Developer Sandbox docs embeds: a dependency-free loader for any docs page.
 *
 *   <div data-sandbox-example="get-status" style="min-height:317px"></div>
 *   <script src="https://<sandbox site>/embed.js" async></script>
 *
 * Every element with data-sandbox-example (optional data-theme="light|dark",
 * data-title="<example title>") gets an iframe of embed.html from the same site and folder
 * as this script, sized to its content. Its height is reserved (by the snippet's
 * min-height from the first paint, else as soon as this script runs), so the page
 * does not move; the frame itself is made only when the placeholder comes near
 * the viewport. Placeholders added later (client-side rendered docs) are
 * picked up too. Nothing on the page is read as code.
 */
;(() => {
  const script = document.currentScript
  if (!(script instanceof HTMLScriptElement) || !script.src) {
    console.warn('Failed to start Developer Sandbox embeds: load embed.js with a classic <script src="…/embed.js"> tag.')
    return
  }
  const scriptUrl = new URL(script.src)
  /** The only origin whose messages are believed: the one serving this script and the embeds. */
  const siteOrigin = scriptUrl.origin
  const embedPage = new URL('embed.html', scriptUrl)
  /** Same string as HEIGHT_MESSAGE_TYPE in src/embed/frame/reportHeight.ts. */
  const HEIGHT_MESSAGE = 'developer-sandbox:embed-height'
  const DONE = 'data-sandbox-embedded'
  const MIN_HEIGHT = 60
  const MAX_HEIGHT = 4000
  /** How far from the viewport a frame starts loading, so it is ready when the reader gets there. */
  const NEAR = '600px 0px'
  /**
   * Each example's height once started, in a 720 px column (EXAMPLE_INDEX in
   * src/embed/exampleIndex.ts, which a test keeps equal); unknown ids get 360.
   */
  /** @type {Record<string, number>} */
  const RESERVED = {
    'get-status': 317,
    'get-profile': 317,
    'list-sessions': 317,
    'get-usage': 336,
    'list-webhooks': 317,
    'list-tools': 317,
    'validate-tool': 624,
    'preview-tool': 605,
    'webhook-test': 471,
    'key-expired': 355,
    'key-missing': 294,
    'scope-missing': 317,
    'body-too-large': 471,
    'malformed-json': 503,
    'manifest-invalid': 605,
    'rate-limited': 355,
  }

  /** @type {Set<HTMLIFrameElement>} the iframes this script made; only their messages count. */
  const frames = new Set()

  /** @param {Element} placeholder */
  function frameFor(placeholder) {
    const id = placeholder.getAttribute('data-sandbox-example') || ''
    const src = new URL(embedPage)
    src.searchParams.set('example', id)
    const theme = placeholder.getAttribute('data-theme')
    if (theme === 'light' || theme === 'dark') src.searchParams.set('theme', theme)

    const frame = document.createElement('iframe')
    frame.src = src.href
    // The frame's accessible name; data-title (the example's title) reads better than its id.
    frame.title = `Developer Sandbox example: ${placeholder.getAttribute('data-title') || id}`
    // As strict as works: scripts run the sandbox, and same-origin is what
    // gives the frame its real origin, without which it has no service worker
    // and no IndexedDB. That pair could lift the sandbox, but only for pages
    // of the sandbox site itself, which is the party being embedded anyway;
    // forms, popups, modals and top-level navigation stay blocked.
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin')
    frame.referrerPolicy = 'no-referrer'
    frame.style.cssText = `display:block;width:100%;height:${RESERVED[id] || 360}px;border:0`
    placeholder.replaceChildren(frame)
    // The frame holds the height now, and follows its content from here on.
    if (placeholder instanceof HTMLElement) placeholder.style.minHeight = ''
    frames.add(frame)
  }

  /** Starts frames as their placeholders come near the viewport; everywhere at once where the browser cannot tell. */
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue
              observer?.unobserve(entry.target)
              frameFor(entry.target)
            }
          },
          { rootMargin: NEAR },
        )
      : undefined

  /** @param {Element} placeholder */
  function embed(placeholder) {
    if (placeholder.hasAttribute(DONE)) return
    placeholder.setAttribute(DONE, '')
    const id = placeholder.getAttribute('data-sandbox-example') || ''
    // The frame's height from the start: nothing below it moves when it arrives.
    if (placeholder instanceof HTMLElement && !placeholder.style.minHeight) placeholder.style.minHeight = `${RESERVED[id] || 360}px`
    if (observer) observer.observe(placeholder)
    else frameFor(placeholder)
  }

  /** @param {ParentNode} root */
  function embedAll(root) {
    if (root instanceof Element && root.matches('[data-sandbox-example]')) embed(root)
    for (const placeholder of root.querySelectorAll('[data-sandbox-example]')) embed(placeholder)
  }

  /** @param {MessageEventSource | null} source */
  function frameOf(source) {
    for (const frame of frames) {
      if (!frame.isConnected) frames.delete(frame)
      else if (source !== null && frame.contentWindow === source) return frame
    }
    return undefined
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== siteOrigin) return
    const frame = frameOf(event.source)
    if (!frame) return
    const data = event.data
    if (typeof data !== 'object' || data === null || data.type !== HEIGHT_MESSAGE) return
    const height = data.height
    if (typeof height !== 'number' || !Number.isFinite(height)) return
    frame.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(height)))}px`
  })

  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) embedAll(node)
    }
  }).observe(document.documentElement, { childList: true, subtree: true })
  embedAll(document)
})()

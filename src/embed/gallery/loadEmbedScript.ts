/**
 * The gallery loads embed.js exactly as a docs page would (a classic script
 * tag), so every preview on it is also a test of the snippet authors copy.
 */
import { loaderUrl } from './snippets.ts'

export function loadEmbedScript(): void {
  const src = loaderUrl()
  if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) return
  const script = document.createElement('script')
  script.src = src
  script.async = true
  document.head.append(script)
}

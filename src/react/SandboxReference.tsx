/**
 * The live API reference of the sandbox site (reference.html), framed as the
 * docs page's own section: a placeholder of its height on the server, the
 * frame on the client once it comes near the viewport.
 */
import { type CSSProperties, useRef } from 'react'
import { FRAME_SANDBOX } from './SandboxExample.tsx'
import { useSandboxSite } from './sandboxSite.tsx'
import { useNearViewport } from './useNearViewport.ts'

export interface SandboxReferenceProps {
  /** The sandbox site, when no `<SandboxSite>` names it. */
  site?: string
  /** CSS pixels; the reference scrolls inside. */
  height?: number
  className?: string
  style?: CSSProperties
}

/**
 * @example <SandboxReference height={900} />
 */
export function SandboxReference({ site, height = 900, className, style }: SandboxReferenceProps) {
  const siteUrl = useSandboxSite(site)
  const holder = useRef<HTMLDivElement>(null)
  const near = useNearViewport(holder)
  return (
    <div ref={holder} className={className} data-sandbox-reference="" style={{ ...style, height }}>
      {!siteUrl ? (
        <p role="alert">Developer Sandbox: no site to load the reference from (give it a site, or wrap the page in SandboxSite).</p>
      ) : near ? (
        <iframe
          src={new URL('reference.html', siteUrl).href}
          title="Developer Sandbox API reference"
          sandbox={FRAME_SANDBOX}
          referrerPolicy="no-referrer"
          style={{ display: 'block', width: '100%', height: '100%', border: 0 }}
        />
      ) : null}
    </div>
  )
}

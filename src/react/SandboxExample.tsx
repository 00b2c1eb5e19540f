/**
 * One live example of the Developer Sandbox API in a React docs site
 * (Docusaurus, Nextra, Next.js MDX): the same frame embed.js makes, rendered
 * by React. On the server it is a placeholder of the example's height; on
 * the client the frame starts when it comes near the viewport.
 */
import { type CSSProperties, useRef } from 'react'
import { EXAMPLE_INDEX, type ExampleId } from '../embed/exampleIndex.ts'
import { useSandboxSite } from './sandboxSite.tsx'
import { useFrameHeight } from './useFrameHeight.ts'
import { useNearViewport } from './useNearViewport.ts'

/** Attributes every sandbox frame gets: the strictest sandbox that still gives the frame its origin (see embed.js). */
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin'

export interface SandboxExampleProps {
  /** Which example: one of the gallery's ids. */
  id: ExampleId
  /** The sandbox site, when no `<SandboxSite>` names it. */
  site?: string
  /** Follows the reader's system when omitted. */
  theme?: 'light' | 'dark'
  /** The frame's accessible name after "Developer Sandbox example: "; the example's own title by default. */
  title?: string
  className?: string
  style?: CSSProperties
}

/**
 * @example <SandboxExample id="rate-limited" />
 */
export function SandboxExample({ id, site, theme, title, className, style }: SandboxExampleProps) {
  const siteUrl = useSandboxSite(site)
  const known = EXAMPLE_INDEX[id] as { title: string; height: number } | undefined
  const holder = useRef<HTMLDivElement>(null)
  const frame = useRef<HTMLIFrameElement>(null)
  const near = useNearViewport(holder)
  const height = useFrameHeight(frame, siteUrl?.origin, known?.height ?? 360)
  const src = siteUrl ? new URL(`embed.html?example=${encodeURIComponent(id)}${theme ? `&theme=${theme}` : ''}`, siteUrl).href : undefined
  return (
    <div ref={holder} className={className} data-sandbox-example-id={id} style={{ ...style, height }}>
      {!siteUrl ? (
        <p role="alert">Developer Sandbox: no site to load the example from (give it a site, or wrap the page in SandboxSite).</p>
      ) : near ? (
        <iframe
          ref={frame}
          src={src}
          title={`Developer Sandbox example: ${title ?? known?.title ?? id}`}
          sandbox={FRAME_SANDBOX}
          referrerPolicy="no-referrer"
          style={{ display: 'block', width: '100%', height: '100%', border: 0 }}
        />
      ) : null}
    </div>
  )
}

/**
 * Where the Developer Sandbox site is served, for every component below:
 * given once around the docs (Docusaurus: its Root), or per component.
 */
import { createContext, type ReactNode, useContext } from 'react'

const SiteContext = createContext<string | undefined>(undefined)

/**
 * Names the sandbox site for every `<SandboxExample>` and `<SandboxReference>` inside.
 * @example <SandboxSite url="https://sandbox.example.com/"><App /></SandboxSite>
 */
export function SandboxSite({ url, children }: { url: string; children?: ReactNode }) {
  return <SiteContext.Provider value={url}>{children}</SiteContext.Provider>
}

/** The site's URL with a trailing slash (page names resolve under it), or undefined when none was given. */
export function useSandboxSite(own?: string): URL | undefined {
  const fromAbove = useContext(SiteContext)
  const given = own ?? fromAbove
  if (!given) return undefined
  try {
    return new URL(given.endsWith('/') ? given : `${given}/`)
  } catch {
    return undefined
  }
}

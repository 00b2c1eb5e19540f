// Names the sandbox site once, for every SandboxExample and SandboxReference on every page.
import useDocusaurusContext from '@docusaurus/useDocusaurusContext'
import { SandboxSite } from 'developer-sandbox/react'

export default function Root({ children }) {
  const { siteConfig } = useDocusaurusContext()
  return <SandboxSite url={String(siteConfig.customFields.sandboxUrl)}>{children}</SandboxSite>
}

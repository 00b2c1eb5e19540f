import { Suspense, use, useLayoutEffect, useRef } from 'react'
import { OverviewView } from '../data/OverviewView.tsx'
import { SessionsView } from '../data/SessionsView.tsx'
import { UsageView } from '../data/UsageView.tsx'
import { WebhooksView } from '../data/WebhooksView.tsx'
import { ClockPanel } from '../settings/ClockPanel.tsx'
import { FaultsPanel } from '../settings/FaultsPanel.tsx'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { SECTIONS, type SectionId, useSection } from '../state/navigation.ts'
import { useConnection } from '../state/runtime/runtimeStore.ts'
import { consolePanelModule, editorPanelModule, webhookToolsModule, workspacePanelModule } from './sectionModules.ts'
// The everyday sections' styles stay in the page's stylesheet though their code loads apart: a stylesheet
// added once the page is running restyles all of it, the editor's Monaco included, in one long task.
import '../console/console.css'
import '../workspace/workspace.css'

function Body({ section }: { section: SectionId }) {
  const client = useConnection().api
  const apiKey = useKeyVault((vault) => vault.selectedKey)
  switch (section) {
    case 'workspace': {
      const { WorkspacePanel } = use(workspacePanelModule())
      return (
        <WorkspacePanel
          controls={
            <>
              <ClockPanel />
              <FaultsPanel />
            </>
          }
        />
      )
    }
    case 'console': {
      const { ConsolePanel } = use(consolePanelModule())
      return <ConsolePanel />
    }
    case 'overview':
      return <OverviewView />
    case 'sessions':
      return <SessionsView />
    case 'webhooks':
      return <WebhooksView />
    case 'usage':
      return <UsageView />
    case 'editor': {
      const { EditorPanel } = use(editorPanelModule())
      return <EditorPanel client={client} apiKey={apiKey} />
    }
    case 'webhook-specimens': {
      const { WebhookToolsPanel } = use(webhookToolsModule())
      return <WebhookToolsPanel client={client} apiKey={apiKey} />
    }
  }
}

/** The section named by the URL hash; focus moves to its heading when the user navigates. */
export function SectionView() {
  const section = useSection()
  const heading = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows a change of section, which the effect does not read
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    // A view that already put focus somewhere inside the section (a form asked for by a 403) keeps it.
    const active = document.activeElement
    if (active && active !== document.body && heading.current?.parentElement?.contains(active)) return
    heading.current?.focus()
  }, [section])
  const label = SECTIONS.find((candidate) => candidate.id === section)?.label ?? ''
  return (
    <>
      <h2 ref={heading} tabIndex={-1} className="section-title">
        {label}
      </h2>
      <Suspense fallback={<p className="empty">Loading {label}…</p>}>
        <Body section={section} />
      </Suspense>
    </>
  )
}

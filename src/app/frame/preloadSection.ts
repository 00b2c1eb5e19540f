import { manifestEditorModule } from '../editor/manifestEditorModule.ts'
import type { SectionId } from '../state/navigation.ts'
import { consolePanelModule, editorPanelModule, webhookToolsModule, workspacePanelModule } from './sectionModules.ts'
import { whenIdle } from './whenIdle.ts'

/** What each section loaded apart needs before it renders. */
const SECTION_CODE: Partial<Record<SectionId, readonly (() => unknown)[]>> = {
  editor: [editorPanelModule, manifestEditorModule],
  'webhook-specimens': [webhookToolsModule],
  console: [consolePanelModule],
  workspace: [workspacePanelModule],
}

/**
 * Starts downloading a section's code at boot when the page opens on it (a
 * shared editor link, a bookmark, the Workspace a bare address opens),
 * instead of after the sandbox is up and React has rendered the section.
 * The section then finds its code arrived and renders it at once.
 */
export function preloadOpeningSection(section: SectionId): void {
  for (const load of SECTION_CODE[section] ?? []) load()
}

/**
 * Loads the everyday sections' code (Workspace, Console) once the page is
 * idle, so opening them later does not wait; the editor's larger code is
 * only fetched, not run (prefetchEditor.ts).
 */
export function preloadSectionsWhenIdle(): void {
  whenIdle(() => {
    workspacePanelModule()
    consolePanelModule()
  })
}

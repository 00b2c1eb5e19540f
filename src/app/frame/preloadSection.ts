import { manifestEditorModule } from '../editor/manifestEditorModule.ts'
import type { SectionId } from '../state/navigation.ts'
import { editorPanelModule, webhookToolsModule } from './sectionModules.ts'

/**
 * Starts downloading a heavy section's code at boot when the page opens on
 * it (a shared editor link, a bookmark), instead of after the sandbox is up
 * and React has rendered the section. The section then finds its code
 * arrived and renders it at once.
 */
export function preloadOpeningSection(section: SectionId): void {
  if (section === 'editor') {
    void editorPanelModule()
    void manifestEditorModule()
  } else if (section === 'webhook-specimens') {
    void webhookToolsModule()
  }
}

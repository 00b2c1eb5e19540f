import type { SectionId } from '../state/navigation.ts'

/**
 * Starts downloading a heavy section's code at boot when the page opens on
 * it (a shared editor link, a bookmark), instead of after the sandbox is up
 * and React has rendered the section. The lazy components import the same
 * modules, so they then find them loaded.
 */
export function preloadOpeningSection(section: SectionId): void {
  if (section === 'editor') {
    void import('../editor/EditorPanel.tsx')
    void import('../editor/ManifestEditor.tsx')
  } else if (section === 'webhook-specimens') {
    void import('../webhookTools/WebhookToolsPanel.tsx')
  }
}

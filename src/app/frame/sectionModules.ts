/** The heavier sections' code (the editor, standardwebhooks): loaded only when opened, or at boot when the page opens on them. */
import { preloadable } from '../ui/preloadable.ts'

export const editorPanelModule = preloadable(() => import('../editor/EditorPanel.tsx'))
export const webhookToolsModule = preloadable(() => import('../webhookTools/WebhookToolsPanel.tsx'))

/**
 * The sections' code that the page's entry leaves out: loaded when a section
 * opens, at boot when the page opens on it, and the everyday ones once the
 * page is idle after its opening answer (preloadSection.ts). The page's first
 * answer then waits on none of it being compiled and run.
 */
import { preloadable } from '../ui/preloadable.ts'

export const editorPanelModule = preloadable(() => import('../editor/EditorPanel.tsx'))
export const webhookToolsModule = preloadable(() => import('../webhookTools/WebhookToolsPanel.tsx'))
export const consolePanelModule = preloadable(() => import('../console/ConsolePanel.tsx'))
export const workspacePanelModule = preloadable(() => import('../workspace/WorkspacePanel.tsx'))

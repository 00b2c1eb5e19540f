import type { Workspace } from '../workspace/createWorkspace.ts'
import type { SandboxControls } from './sandboxControls.ts'

/** What every control route works on. */
export interface ControlContext {
  workspace: Workspace
  controls: SandboxControls
  /** Resolves once a change is durable; the route answers only then. */
  persist: () => Promise<void>
}

/**
 * `developer-sandbox/worker`: the team sandbox for a team's own Cloudflare
 * deployment. Export both from the Worker's entry file:
 *   export { default, SandboxWorkspace, WorkspaceRegistry } from 'developer-sandbox/worker'
 * The entry exports nothing else: workerd takes every export of a Worker's main module for a handler or a class.
 */
import { sandboxWorker } from './worker.ts'

export type { SandboxEnv } from './platform.ts'
export { SandboxWorkspace } from './workspaceObject.ts'
export { WorkspaceRegistry } from './workspaceRegistry.ts'
export default sandboxWorker

// The whole Worker: the team sandbox's handler, its workspace Durable Object and the registry of workspace names, from the package.
export { default, SandboxWorkspace, WorkspaceRegistry } from 'developer-sandbox/worker'

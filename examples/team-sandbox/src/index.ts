// The whole Worker: the team sandbox's handler and its Durable Object class, from the package.
export { default, SandboxWorkspace } from 'developer-sandbox/worker'

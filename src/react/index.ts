/**
 * `developer-sandbox/react`: live Developer Sandbox examples and the API
 * reference in a React docs site. Nothing happens on import; each component
 * renders a sized placeholder on the server and its frame on the client.
 */
export { EXAMPLE_IDS, type ExampleId } from '../embed/exampleIndex.ts'
export { SandboxExample, type SandboxExampleProps } from './SandboxExample.tsx'
export { SandboxReference, type SandboxReferenceProps } from './SandboxReference.tsx'
export { SandboxSite } from './sandboxSite.tsx'

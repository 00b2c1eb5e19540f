/**
 * The request bodies the OpenAPI document shows for each body kind: one that
 * passes every check, and for tool requests the manifests that break the
 * contract's common rules, one rule each. Tools that build requests from the
 * document (Postman's import, Portman, a reference's "Try it") send the
 * first; the others show what a 422 looks like. What the core answers to each
 * is recorded by `npm run generate:examples`, and a test sends every one.
 */
import type { BodyKind } from '../contract/bodyKinds.ts'
import { SAMPLE_MANIFEST } from '../contract/sampleManifest.ts'

export interface RequestExample {
  summary: string
  value: Readonly<Record<string, unknown>>
}

type ExamplesOf = { valid: RequestExample } & Record<string, RequestExample>

const { entry: _entry, permissions: _permissions, ...withoutRequired } = SAMPLE_MANIFEST
const manifest = (changes: Record<string, unknown>) => ({ manifest: { ...SAMPLE_MANIFEST, ...changes } })
const display = (changes: Record<string, unknown>) => manifest({ display: { ...SAMPLE_MANIFEST.display, ...changes } })

/** Per body kind (`valid` first, which is what tools send), every example body by name. */
export const REQUEST_EXAMPLES = {
  toolRequest: {
    valid: {
      summary: 'A manifest that passes service.tool/v1',
      value: manifest({ inputs: { minutes: { type: 'number' } }, outputs: { total: { type: 'number' } } }),
    },
    closedPermission: {
      summary: 'A permission outside profile.read and sessions.read',
      value: manifest({ permissions: ['profile.read', 'health.read'] }),
    },
    wrongSchema: { summary: 'A contract other than service.tool/v1', value: manifest({ schema: 'service.tool/v2' }) },
    missingRequired: { summary: 'No entry and no permissions', value: { manifest: withoutRequired } },
    executableDisplay: {
      summary: 'Code in the display, which allows no other property',
      value: display({ script: 'alert(document.cookie)' }),
    },
    displayOutOfBounds: {
      summary: 'An unknown layout, an icon off its pattern and no columns',
      value: display({ layout: 'grid', icon: 'Book Open', columns: [] }),
    },
  },
  webhookTest: {
    valid: { summary: 'A message for the specimen', value: { message: 'Hello from the sandbox' } },
  },
} as const satisfies { [K in Exclude<BodyKind, 'none'>]: ExamplesOf }

export type ExampleBodyKind = keyof typeof REQUEST_EXAMPLES

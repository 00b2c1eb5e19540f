/**
 * The document as other tools read it: openapi-typescript generates a typed
 * client, openapi-fetch calls every operation with it and the repo's tsc
 * checks those calls; an OpenAPI 3.1 schema validator reads the same document
 * (the linters run in lint.test.ts).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import openapiTS, { astToString } from 'openapi-typescript-ts5'
import { afterAll, describe, expect, it } from 'vitest'
import { type BodyKind, buildOpenApiDocument, OPERATIONS } from '../../src/api/core.ts'
import { shippedDocuments } from './support/documents.ts'

const root = resolve(import.meta.dirname, '../..')
const work = mkdtempSync(join(tmpdir(), 'sandbox-openapi-client-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))
const document = buildOpenApiDocument()

/** A body each kind accepts; the tool request's manifest carries inputs and outputs. */
const BODIES: Record<BodyKind, string | undefined> = {
  none: undefined,
  toolRequest: `{ manifest: { schema: 'service.tool/v1', entry: 'demo', permissions: ['profile.read'], inputs: { minutes: { type: 'number', minimum: 1 } }, outputs: { total: 3 } } }`,
  webhookTest: `{ message: 'hello' }`,
}

function callsModule(): string {
  const calls = OPERATIONS.map((operation, index) => {
    const body = BODIES[operation.body]
    const init = body === undefined ? '' : `, { body: ${body} }`
    return [
      `  const r${index} = await client.${operation.method}('${operation.path}'${init})`,
      `  if (r${index}.data) answered.push(JSON.stringify(r${index}.data))`,
      `  if (r${index}.error) codes.push(r${index}.error.code)`,
    ].join('\n')
  })
  const toolPath = OPERATIONS.find((operation) => operation.body === 'toolRequest')?.path
  return `import createClient from 'openapi-fetch'
import type { components, paths } from './schema.ts'

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:4010/api/developer/v1', headers: { Authorization: 'Bearer svc_test_x' } })
type Code = components['schemas']['Problem']['code']

export async function callEveryOperation(): Promise<void> {
  const answered: string[] = []
  const codes: Code[] = []
${calls.join('\n')}
  console.log(answered, codes)
}

export async function refusedByTheTypes(): Promise<void> {
  // The server answers any object under manifest (a 422 is a documented answer), and so does the client.
  await client.POST('${toolPath}', { body: { manifest: { schema: 'service.tool/v1', entry: 'demo', permissions: ['health.read'] } } })
  // @ts-expect-error the body is an object with a manifest
  await client.POST('${toolPath}', { body: { manifest: 'demo' } })
  // @ts-expect-error a manifest typed as the contract may read profile.read and sessions.read only
  const closed: components['schemas']['Manifest'] = { schema: 'service.tool/v1', entry: 'demo', permissions: ['health.read'] }
  const open: components['schemas']['Manifest'] = { schema: 'service.tool/v1', entry: 'demo', permissions: ['profile.read'] }
  await client.POST('${toolPath}', { body: { manifest: open } })
  console.log(closed)
  const missing: components['schemas']['Problem401']['code'] = 'key_missing'
  // @ts-expect-error a 401's code is one of the 401 codes
  const forbidden: components['schemas']['Problem401']['code'] = 'scope_missing'
  const limit: components['headers']['X-RateLimit-Limit'] = 120
  // @ts-expect-error X-RateLimit-Limit is 120
  const other: components['headers']['X-RateLimit-Limit'] = 121
  console.log(missing, forbidden, limit, other)
}
`
}

describe('the OpenAPI document, read by other tools', () => {
  it('generates a typed client whose calls of every operation, inputs included, type-check', async () => {
    writeFileSync(join(work, 'schema.ts'), astToString(await openapiTS(document)))
    writeFileSync(join(work, 'calls.ts'), callsModule())
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2023',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          allowImportingTsExtensions: true,
          lib: ['ES2023', 'DOM'],
          types: [],
          skipLibCheck: true,
        },
        files: ['calls.ts'],
      }),
    )
    symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'))
    const result = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', '.'], { cwd: work, encoding: 'utf8' })
    expect(`${result.stdout}${result.stderr}`).toBe('')
    expect(result.status).toBe(0)
  }, 60_000)

  it('is valid OpenAPI 3.1 by an independent schema validator', async () => {
    const result = await new Validator().validate(structuredClone(document))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('gives a generated client exactly one method per operation, from every document the package ships or serves', async () => {
    const methodsOf = async (source: object) =>
      [...astToString(await openapiTS(source as Parameters<typeof openapiTS>[0])).matchAll(/^\s+(\w+): operations\["(\w+)"\];$/gm)]
        .map(([, method, operationId]) => `${method} ${operationId}`)
        .sort()
    const [api, served, control] = shippedDocuments()
    const expected = OPERATIONS.map((operation) => `${operation.method.toLowerCase()} ${operation.operationId}`).sort()
    expect(await methodsOf(api?.document ?? {})).toEqual(expected)
    expect(await methodsOf(served?.document ?? {})).toEqual(expected)
    const controlIds = Object.values(control?.document.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((item) =>
      Object.values(item).flatMap((entry) => entry.operationId ?? []),
    )
    expect((await methodsOf(control?.document ?? {})).map((method) => method.split(' ')[1]).sort()).toEqual(controlIds.sort())
    // The count sees an operation a document adds, such as a preflight.
    const withPreflight = structuredClone(api?.document) as { paths: Record<string, Record<string, unknown>> }
    const preflight = { operationId: 'corsPreflightStatus', responses: { 204: { description: 'Allowed.' } } }
    if (withPreflight.paths['/status']) withPreflight.paths['/status'].options = preflight
    expect(await methodsOf(withPreflight)).toContain('options corsPreflightStatus')
  })
})

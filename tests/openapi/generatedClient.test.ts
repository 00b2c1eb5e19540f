/**
 * The document as other tools read it: openapi-typescript generates a typed
 * client, openapi-fetch calls every operation with it and the repo's tsc
 * checks those calls; an OpenAPI 3.1 schema validator and Redocly's linter
 * read the same document.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { Validator } from '@seriousme/openapi-schema-validator'
import openapiTS, { astToString } from 'openapi-typescript-ts5'
import { afterAll, describe, expect, it } from 'vitest'
import { type BodyKind, buildOpenApiDocument, OPERATIONS } from '../../src/api/core.ts'
import { expected422Examples, redoclyLint } from '../support/redoclyLint.ts'

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
  // @ts-expect-error a manifest may read profile.read and sessions.read only
  await client.POST('${toolPath}', { body: { manifest: { schema: 'service.tool/v1', entry: 'demo', permissions: ['health.read'] } } })
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

  it('passes Redocly lint (recommended rules), but for the request examples that show a 422 on purpose', async () => {
    const { problems, flagged422Examples } = await redoclyLint(document)
    expect(problems).toEqual([])
    // Each example of a contract violation is flagged where it is shown, and no other example is: the rule is on.
    expect(flagged422Examples).toEqual(expected422Examples())
    const config = await createConfig({ extends: ['recommended'] })
    // The same linter reports a document that lacks what the rules ask for, so the check above can fail.
    const { license: _license, ...info } = document.info
    const unlicensed = await lintFromString({ source: JSON.stringify({ ...document, info }), absoluteRef: 'openapi.json', config })
    expect(unlicensed.map((problem) => problem.ruleId)).toContain('info-license')
  })
})

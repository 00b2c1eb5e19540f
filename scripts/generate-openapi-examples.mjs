// Drives the real core (a fixed clock, a seeded random source, a fresh
// fake-indexeddb) through every operation and every status the OpenAPI
// document lists, and writes what it answered as the document's examples.
// Run: npm run generate:examples (a test fails when the output is stale).
import { writeFileSync } from 'node:fs'
import { IDBFactory } from 'fake-indexeddb'
import { BASE_PATH, createSandboxCore, OPERATIONS, SCOPES, seededRandomBytes } from '../src/api/core.ts'
import { REQUEST_EXAMPLES } from '../src/api/openapi/requestExamples.ts'

const ORIGIN = 'http://localhost:4010'
const NOW = Date.UTC(2026, 7, 12, 9, 30, 0)

function sandbox(seed, extra = {}) {
  return createSandboxCore({ indexedDB: new IDBFactory(), now: () => NOW, randomBytes: seededRandomBytes(seed), ...extra })
}

/** The request that gets the operation past every check, for a body kind. */
function validInit(operation) {
  const example = REQUEST_EXAMPLES[operation.body]?.valid
  return example ? { method: 'POST', body: JSON.stringify(example.value) } : { method: 'GET' }
}

async function answer(core, operation, status, { key, init = validInit(operation), headers = {}, path = operation.path } = {}) {
  const request = new Request(`${ORIGIN}${BASE_PATH}${path}`, {
    ...init,
    headers: {
      'X-Request-ID': `example-${operation.operationId}-${status}`,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...headers,
    },
  })
  const response = await core.handle(request)
  if (response.status !== status) {
    throw new Error(`Failed to generate the ${status} example of "${operation.operationId}": the core answered ${response.status}`)
  }
  return response.json()
}

const bodyOf = (problem) => ({ summary: problem.title ?? 'Success', value: problem })

export async function generateOpenApiExamples() {
  const core = await sandbox('openapi-examples')
  const { key } = await core.workspace.issueKey({ scopes: SCOPES, app: 'habit-tracker', environment: 'sandbox', label: 'docs' })
  const exhausted = (await core.workspace.issueKey({ scopes: SCOPES, app: 'habit-tracker', environment: 'sandbox' })).key
  const failing = await sandbox('openapi-examples-503', { faults: () => ({ authorization: 'unavailable' }) })
  const failingKey = (await failing.workspace.issueKey({ scopes: SCOPES })).key
  const examples = {}
  for (const operation of OPERATIONS) {
    const narrow = (await core.workspace.issueKey({ scopes: SCOPES.filter((scope) => scope !== operation.scope) })).key
    const perStatus = {}
    perStatus[200] = { summary: operation.summary, value: await answer(core, operation, 200, { key }) }
    perStatus[400] = bodyOf(
      operation.method === 'GET'
        ? await answer(core, operation, 400, { key, path: `${operation.path}?page=2` })
        : await answer(core, operation, 400, { key, init: { method: 'POST', body: '{"manifest": ' } }),
    )
    perStatus[401] = bodyOf(await answer(core, operation, 401))
    perStatus[403] = bodyOf(await answer(core, operation, 403, { key: narrow }))
    perStatus[413] = bodyOf(
      operation.method === 'GET'
        ? await answer(core, operation, 413, { key, headers: { 'Content-Length': '70000' } })
        : await answer(core, operation, 413, { key, init: { method: 'POST', body: `{"manifest":"${'x'.repeat(70_000)}"}` } }),
    )
    if (operation.body === 'toolRequest') {
      const invalid = {
        method: 'POST',
        body: JSON.stringify({ manifest: { schema: 'service.tool/v1', entry: 'demo', permissions: ['health.read'] } }),
      }
      perStatus[422] = bodyOf(await answer(core, operation, 422, { key, init: invalid }))
    }
    perStatus[503] = bodyOf(await answer(failing, operation, 503, { key: failingKey }))
    examples[operation.operationId] = perStatus
  }
  const statusOperation = OPERATIONS[0]
  for (let count = 0; count < 120; count++) await answer(core, statusOperation, 200, { key: exhausted })
  for (const operation of OPERATIONS) examples[operation.operationId][429] = bodyOf(await answer(core, operation, 429, { key: exhausted }))
  // A defect of ours: the same operations, each one's run failing as a bug would.
  const broken = OPERATIONS.map((operation) => ({
    ...operation,
    run: async () => {
      throw new TypeError('a defect')
    },
  }))
  const buggy = await sandbox('openapi-examples-500', { operations: broken })
  const buggyKey = (await buggy.workspace.issueKey({ scopes: SCOPES })).key
  const logError = console.error
  console.error = () => {}
  try {
    for (const operation of OPERATIONS)
      examples[operation.operationId][500] = bodyOf(await answer(buggy, operation, 500, { key: buggyKey }))
  } finally {
    console.error = logError
  }
  await Promise.all([core.close(), failing.close(), buggy.close()])
  return `${JSON.stringify(examples, null, 2)}\n`
}

/**
 * What the core answers to each documented request body, sent to every
 * operation that takes that body: `valid` must answer 200 and every other
 * example 422, the same from each operation, or generation fails.
 */
export async function generateRequestExampleAnswers() {
  const core = await sandbox('openapi-request-examples')
  const { key } = await core.workspace.issueKey({ scopes: SCOPES })
  const answers = {}
  for (const [kind, examples] of Object.entries(REQUEST_EXAMPLES)) {
    answers[kind] = {}
    for (const [name, example] of Object.entries(examples)) {
      const status = name === 'valid' ? 200 : 422
      const seen = new Set()
      for (const operation of OPERATIONS.filter((candidate) => candidate.body === kind)) {
        const body = await answer(core, operation, status, { key, init: { method: 'POST', body: JSON.stringify(example.value) } })
        seen.add(JSON.stringify(status === 200 ? { status } : { status, code: body.code, errors: body.errors }))
      }
      if (seen.size !== 1)
        throw new Error(`Failed to generate the answer to the "${name}" ${kind} example: its operations answered ${seen.size} ways`)
      answers[kind][name] = JSON.parse([...seen][0])
    }
  }
  await core.close()
  return `${JSON.stringify(answers, null, 2)}\n`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('../src/api/openapi/examples.generated.json', import.meta.url), await generateOpenApiExamples())
  writeFileSync(new URL('../src/api/openapi/requestExamples.generated.json', import.meta.url), await generateRequestExampleAnswers())
}

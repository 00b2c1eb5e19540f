/**
 * The catalogue of runnable documentation examples. Everything an embed shows
 * and sends comes from here, so docs authors pick an example by id and the
 * embed page needs no other input.
 */
import { OPERATIONS, type OperationDefinition, type OperationId, type Scope } from '../api/core.ts'
import {
  INVALID_TOOL_REQUEST,
  MALFORMED_TOOL_REQUEST,
  OVERSIZED_WEBHOOK_TEST_REQUEST,
  VALID_TOOL_REQUEST,
  WEBHOOK_TEST_REQUEST,
} from './exampleManifests.ts'

/** What has to happen in the embed's own sandbox before the shown request is sent. */
export interface ExampleSetup {
  /** Moves the embed's sandbox clock this many days ahead for the shown request (after the key was issued). */
  clockOffsetDays?: number
  /** Sends the same request this many times first, with a fresh key, so the shown one meets a full window. */
  warmUpRequests?: number
}

export interface EmbedExample {
  /** Stable id used in `embed.html?example=<id>` and `data-sandbox-example="<id>"`. */
  id: string
  title: string
  operationId: OperationId
  /** The scopes of the key the embed issues for this example; empty means no key is sent at all. */
  scopes: readonly Scope[]
  /** Request headers besides `Authorization`, which the embed adds from its own key. */
  headers: Readonly<Record<string, string>>
  /** The exact body text sent, editable by the reader; absent for operations without a body. */
  body?: string
  /** One sentence for the reader: what this shows. */
  explanation: string
  expectedStatus: number
  setup?: ExampleSetup
}

const JSON_HEADERS = { Accept: 'application/json' } as const
const POST_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' } as const

export const EXAMPLES: readonly EmbedExample[] = [
  {
    id: 'get-status',
    title: 'Get the project status',
    operationId: 'getProjectStatus',
    scopes: ['status.read'],
    headers: JSON_HEADERS,
    explanation: 'Returns the project, environment, granted scopes and API version of the key that calls it.',
    expectedStatus: 200,
  },
  {
    id: 'get-profile',
    title: 'Get the developer profile',
    operationId: 'getDeveloperProfile',
    scopes: ['profile.read'],
    headers: JSON_HEADERS,
    explanation: 'Returns the developer project identity and the data boundaries it can never cross.',
    expectedStatus: 200,
  },
  {
    id: 'list-sessions',
    title: 'List learning sessions',
    operationId: 'listDeveloperSessions',
    scopes: ['sessions.read'],
    headers: JSON_HEADERS,
    explanation: 'Returns the published learning catalogue: dates only, no access links and no private sessions.',
    expectedStatus: 200,
  },
  {
    id: 'get-usage',
    title: 'Get 30-day usage',
    operationId: 'getProjectUsage',
    scopes: ['usage.read'],
    headers: JSON_HEADERS,
    explanation:
      "Returns daily requests and errors per operation for this project only; this request is already counted in today's bucket.",
    expectedStatus: 200,
  },
  {
    id: 'list-webhooks',
    title: 'List webhook endpoints',
    operationId: 'listWebhookEndpoints',
    scopes: ['webhooks.read'],
    headers: JSON_HEADERS,
    explanation: "Returns the project's own webhook endpoints, each with its latest delivery status.",
    expectedStatus: 200,
  },
  {
    id: 'list-tools',
    title: 'List library tools',
    operationId: 'listTools',
    scopes: ['tools.read'],
    headers: JSON_HEADERS,
    explanation: 'Returns the human-reviewed, declarative tool manifests of the library.',
    expectedStatus: 200,
  },
  {
    id: 'validate-tool',
    title: 'Validate a tool manifest',
    operationId: 'validateTool',
    scopes: ['tools.validate'],
    headers: POST_HEADERS,
    body: VALID_TOOL_REQUEST,
    explanation: 'Checks a manifest against service.tool/v1 and returns its canonical SHA-256 digest; edit the body to break it.',
    expectedStatus: 200,
  },
  {
    id: 'preview-tool',
    title: 'Preview a tool',
    operationId: 'previewTool',
    scopes: ['tools.preview'],
    headers: POST_HEADERS,
    body: VALID_TOOL_REQUEST,
    explanation: 'Builds a non-executing review package: permissions explained, a render plan and the safety boundary.',
    expectedStatus: 200,
  },
  {
    id: 'webhook-test',
    title: 'Create a signed webhook specimen',
    operationId: 'createWebhookTest',
    scopes: ['webhooks.test'],
    headers: POST_HEADERS,
    body: WEBHOOK_TEST_REQUEST,
    explanation: 'Returns a Standard Webhooks signed event and what is needed to verify it; nothing is delivered anywhere.',
    expectedStatus: 200,
  },
  {
    id: 'key-expired',
    title: 'An expired key',
    operationId: 'getProjectStatus',
    scopes: ['status.read'],
    headers: JSON_HEADERS,
    explanation: "Keys expire 180 days after issue; this embed's sandbox clock jumps 181 days ahead, so the key is refused with 401.",
    expectedStatus: 401,
    setup: { clockOffsetDays: 181 },
  },
  {
    id: 'key-missing',
    title: 'A missing key',
    operationId: 'getProjectStatus',
    scopes: [],
    headers: JSON_HEADERS,
    explanation: 'Every operation needs "Authorization: Bearer svc_test_…"; without it the answer is 401 key_missing.',
    expectedStatus: 401,
  },
  {
    id: 'scope-missing',
    title: 'A missing scope',
    operationId: 'getDeveloperProfile',
    scopes: ['status.read'],
    headers: JSON_HEADERS,
    explanation: 'The key only has status.read, so GET /profile is refused with 403 naming the scope it needs.',
    expectedStatus: 403,
  },
  {
    id: 'body-too-large',
    title: 'A body over 64 KB',
    operationId: 'createWebhookTest',
    scopes: ['webhooks.test'],
    headers: POST_HEADERS,
    body: OVERSIZED_WEBHOOK_TEST_REQUEST,
    explanation:
      'Bodies are limited to 65,536 bytes as sent; this one is larger, so it is refused with 413 before the key is even checked.',
    expectedStatus: 413,
  },
  {
    id: 'malformed-json',
    title: 'Malformed JSON',
    operationId: 'validateTool',
    scopes: ['tools.validate'],
    headers: POST_HEADERS,
    body: MALFORMED_TOOL_REQUEST,
    explanation: 'A trailing comma makes the body invalid JSON, which is refused with 400 invalid_json.',
    expectedStatus: 400,
  },
  {
    id: 'manifest-invalid',
    title: 'A manifest that breaks the contract',
    operationId: 'validateTool',
    scopes: ['tools.validate'],
    headers: POST_HEADERS,
    body: INVALID_TOOL_REQUEST,
    explanation: 'Well-formed JSON whose manifest breaks service.tool/v1 gets 422, with a JSON Pointer to every violation.',
    expectedStatus: 422,
  },
  {
    id: 'rate-limited',
    title: 'The rate limit',
    operationId: 'getProjectStatus',
    scopes: ['status.read'],
    headers: JSON_HEADERS,
    explanation: 'A key may make 120 requests a minute; the embed sends 120 first, so this 121st is refused with 429 and Retry-After.',
    expectedStatus: 429,
    setup: { warmUpRequests: 120 },
  },
]

/** The example with this id, or undefined; the id comes from a URL, so it is only ever compared, never used otherwise. */
export function findExample(id: string | null): EmbedExample | undefined {
  return id === null ? undefined : EXAMPLES.find((example) => example.id === id)
}

/** The operation an example calls (method, path, scope). */
export function exampleOperation(example: EmbedExample): OperationDefinition {
  const operation = OPERATIONS.find((candidate) => candidate.operationId === example.operationId)
  if (!operation) throw new TypeError(`Failed to find the operation of example "${example.id}": no "${example.operationId}"`)
  return operation
}

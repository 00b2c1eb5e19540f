import type { Scope } from './scopes.ts'

/** How an operation takes its body: none, required tool request, or optional webhook test. */
export type BodyKind = 'none' | 'toolRequest' | 'webhookTest'

export interface OperationDefinition {
  operationId: OperationId
  method: 'GET' | 'POST'
  path: string
  scope: Scope
  body: BodyKind
  summary: string
}

/** The nine operations of the spec; ids in brackets in the spec's table are decided here. */
export const OPERATIONS = [
  {
    operationId: 'getProjectStatus',
    method: 'GET',
    path: '/status',
    scope: 'status.read',
    body: 'none',
    summary: 'Project, environment, granted scopes and API version.',
  },
  {
    operationId: 'getDeveloperProfile',
    method: 'GET',
    path: '/profile',
    scope: 'profile.read',
    body: 'none',
    summary: 'Developer project identity and its explicit data boundaries.',
  },
  {
    operationId: 'listDeveloperSessions',
    method: 'GET',
    path: '/sessions',
    scope: 'sessions.read',
    body: 'none',
    summary: 'The published learning catalogue: no access links, no private sessions.',
  },
  {
    operationId: 'getProjectUsage',
    method: 'GET',
    path: '/usage',
    scope: 'usage.read',
    body: 'none',
    summary: 'Daily requests and errors per operation over the last 30 days, this project only.',
  },
  {
    operationId: 'listWebhookEndpoints',
    method: 'GET',
    path: '/webhooks',
    scope: 'webhooks.read',
    body: 'none',
    summary: "The project's own endpoints with their latest delivery status.",
  },
  {
    operationId: 'listTools',
    method: 'GET',
    path: '/tools',
    scope: 'tools.read',
    body: 'none',
    summary: 'Human-reviewed declarative manifests of the library.',
  },
  {
    operationId: 'validateTool',
    method: 'POST',
    path: '/tools/validate',
    scope: 'tools.validate',
    body: 'toolRequest',
    summary: 'Check a manifest deterministically against service.tool/v1.',
  },
  {
    operationId: 'previewTool',
    method: 'POST',
    path: '/tools/preview',
    scope: 'tools.preview',
    body: 'toolRequest',
    summary: 'Build a bounded, non-executing review package.',
  },
  {
    operationId: 'createWebhookTest',
    method: 'POST',
    path: '/webhooks/test',
    scope: 'webhooks.test',
    body: 'webhookTest',
    summary: 'Create a signed webhook specimen; nothing is delivered.',
  },
] as const satisfies readonly OperationDefinition[]

export type OperationId =
  | 'getProjectStatus'
  | 'getDeveloperProfile'
  | 'listDeveloperSessions'
  | 'getProjectUsage'
  | 'listWebhookEndpoints'
  | 'listTools'
  | 'validateTool'
  | 'previewTool'
  | 'createWebhookTest'

export const OPERATION_IDS: readonly OperationId[] = OPERATIONS.map((operation) => operation.operationId)

/** Finds the operation for a path (relative to the base path) and method. */
export function matchOperation(method: string, path: string): { operation: OperationDefinition } | { allow: string[] } | undefined {
  const onPath: OperationDefinition[] = OPERATIONS.filter((operation) => operation.path === path)
  if (onPath.length === 0) return undefined
  const operation = onPath.find((candidate) => candidate.method === method)
  return operation ? { operation } : { allow: onPath.map((candidate) => candidate.method) }
}

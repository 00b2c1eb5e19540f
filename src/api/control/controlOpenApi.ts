/**
 * The OpenAPI 3.1 document of the control API, built from the schemas the
 * handler validates with and the problem codes it answers with.
 */

import { API_VERSION } from '../contract/version.ts'
import { CLOCK_RANGE_TEXT } from './clockRange.ts'
import { controlSchemas } from './controlComponents.ts'
import { json, operation, query } from './controlOperation.ts'
import { problem, WRONG_METHOD } from './controlRefusals.ts'
import * as schemas from './controlSchemas.ts'
import { DEFAULT_JOURNAL_LIMIT, MAX_JOURNAL_LIMIT } from './journalRoutes.ts'
import { CONTROL_BODY_LIMIT, STATE_BODY_LIMIT } from './readControlBody.ts'

const JOURNAL_PARAMETERS = [
  query('operation', 'Only requests that reached this operation.', { enum: schemas.faultsChangeSchema.properties.operations.items.enum }),
  query('status', 'Only requests answered with this status.', { type: 'integer', minimum: 100, maximum: 599 }),
  query('keyId', 'Only requests that presented this key.', { type: 'string' }),
  query('since', 'Only requests at or after this instant (sandbox clock).', { type: 'string', format: 'date-time' }),
  query('limit', `At most this many (default ${DEFAULT_JOURNAL_LIMIT}).`, { type: 'integer', minimum: 1, maximum: MAX_JOURNAL_LIMIT }),
]

const WORKSPACE_NAME_PARAMETER = {
  name: 'name',
  in: 'path',
  required: true,
  description: 'Lower-case letters, digits and inner hyphens, up to 63 characters.',
  schema: { type: 'string', pattern: schemas.WORKSPACE_NAME_PATTERN, maxLength: 63 },
}
const DEFAULT_KEPT = 'Failed to delete the workspace "default": the plain paths serve it; reset it instead.'

export function buildControlOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Developer Sandbox control API',
      version: API_VERSION,
      description:
        'Drives a running sandbox from a test suite: reset, the clock, faults, the request journal, state and keys. Every call needs the admin token (`Authorization: Bearer <token>`, the scheme in any case). ' +
        `Bodies have their own limits, not the API's: ${CONTROL_BODY_LIMIT} bytes, and ${STATE_BODY_LIMIT} bytes for a state import (an export of 24,000 keys is about 7 MB), which holds the sandbox while it runs and so is capped at what imports in a few seconds; more is 413. ` +
        `Whatever changes the state is checked so that the state can always be loaded again: the clock shows only instants ${CLOCK_RANGE_TEXT} (the usage days, rate windows and key expiries it makes must keep a four-digit year), and a snapshot must hold exactly the members an export writes. A refusal is a 400 with a pointer, and changes nothing.`,
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'Developer program' },
    },
    servers: [
      {
        url: '{origin}/_developer-sandbox',
        variables: { origin: { default: 'http://127.0.0.1:4010' } },
      },
    ],
    security: [{ adminToken: [] }],
    tags: [
      { name: 'control', description: 'The sandbox under test, driven from outside.' },
      {
        name: 'workspaces',
        description:
          'The team sandbox (Cloudflare Workers) only, at the deployment’s origin: its named workspaces, each at /workspaces/{name}. Other hosts answer 404.',
      },
    ],
    paths: {
      '/clock': {
        description: WRONG_METHOD,
        get: operation('getClock', 'Read the sandbox clock', 'ClockState'),
        put: operation('setClock', 'Jump or advance the sandbox clock', 'ClockState', {
          requestBody: 'ClockChange',
          badInput: `Not JSON, an unknown field, a date that does not exist, or an instant outside ${CLOCK_RANGE_TEXT}.`,
        }),
        delete: operation('resetClock', 'Back to real time', 'ClockState'),
      },
      '/faults': {
        description: WRONG_METHOD,
        get: operation('getFaults', 'Read the faults', 'FaultsState'),
        put: operation('setFaults', 'Replace the faults', 'FaultsState', {
          requestBody: 'FaultsChange',
          badInput: 'Not JSON, an unknown field or operation, a negative latency.',
        }),
        delete: operation('clearFaults', 'Clear every fault', 'FaultsState'),
      },
      '/requests': {
        description: WRONG_METHOD,
        get: operation('listRequests', 'The request journal, newest first', 'Journal', {
          parameters: JOURNAL_PARAMETERS,
          badInput: 'An unknown or malformed query parameter.',
        }),
        delete: operation('clearRequests', 'Clear the journal', 'Journal'),
      },
      '/reset': {
        description: WRONG_METHOD,
        post: operation('resetSandbox', 'Back to a fresh sandbox', 'ResetResult', {
          requestBody: 'Reset',
          badInput: 'Not JSON, an unknown field.',
          refusals: {
            409: problem(
              'The team sandbox only: a reset with `keepKeys` of a workspace whose saved state did not load, when keeping its keys needs a damaged record (their project); nothing changes.',
              'keep_keys_refused',
              'Failed to reset the workspace "zeta" keeping its keys: the saved project "prj_0123abcd" it is not JSON, and the key "key_0123abcd" belongs to it. Nothing was changed; repair that record, or reset without keepKeys to start over.',
            ),
          },
        }),
      },
      '/state': {
        description: WRONG_METHOD,
        get: operation('exportState', 'Export the workspace (the playground format)', 'Snapshot'),
        put: operation('importState', 'Import a workspace export, all or nothing', 'StateResult', {
          requestBody: 'Snapshot',
          badInput:
            'Not JSON, or a snapshot that is malformed, inconsistent, or holds a member an export never writes (`__proto__` included); nothing changes.',
        }),
      },
      '/keys': {
        description: WRONG_METHOD,
        get: operation('listKeys', 'Every key, newest first; never a secret', 'KeyList'),
        post: operation('issueKey', 'Issue a key; the plaintext is in this answer only', 'IssuedKey', {
          requestBody: 'IssueKey',
          status: 201,
          badInput: 'Not JSON, unknown scopes or fields, a malformed fixed key.',
          refusals: {
            409: problem(
              'The fixed key asked for is already registered (key_exists); nothing changes.',
              'key_exists',
              'Failed to issue key "…Qx4A": this key is already registered.',
            ),
          },
        }),
      },
      '/keys/{id}/revoke': {
        description: WRONG_METHOD,
        post: operation('revokeKey', 'Revoke a key for good', 'KeySummary', {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          refusals: {
            404: problem('No key has this id (key_not_found).', 'key_not_found', 'Failed to revoke key "key_3kQ9x1Vb": no such key.'),
          },
        }),
      },
      '/workspaces': {
        description: WRONG_METHOD,
        get: operation('listWorkspaces', 'Every named workspace, by name', 'WorkspaceList'),
      },
      '/workspaces/{name}': {
        description: WRONG_METHOD,
        put: operation('createWorkspace', 'Create a named workspace, or set a new expiry on one', 'CreatedWorkspace', {
          parameters: [WORKSPACE_NAME_PARAMETER],
          requestBody: 'CreateWorkspace',
          status: 201,
          badInput: 'Not JSON, an unknown field, an expiry outside 1–365 days, a malformed name; nothing changes.',
          refusals: {
            200: { description: 'It existed: unchanged, or with the new expiry.', content: json('CreatedWorkspace') },
            409: problem('The default workspace is always there (workspace_is_default).', 'workspace_is_default', DEFAULT_KEPT),
          },
        }),
        delete: operation('deleteWorkspace', 'Delete a named workspace', 'CreatedWorkspace', {
          parameters: [WORKSPACE_NAME_PARAMETER],
          status: 204,
          refusals: {
            404: problem(
              'No workspace has this name (workspace_not_found).',
              'workspace_not_found',
              'Failed to find the workspace "pr-41": the admin has not created it, or it was deleted.',
            ),
            409: problem('The default workspace is always there (workspace_is_default).', 'workspace_is_default', DEFAULT_KEPT),
          },
        }),
      },
    },
    components: {
      securitySchemes: {
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The admin token the host printed or was given (DEVELOPER_SANDBOX_ADMIN_TOKEN).',
        },
      },
      schemas: controlSchemas(),
    },
  }
}

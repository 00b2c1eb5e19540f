/** One example per body of the control API's document; a test validates each against its schema. */

const KEY_SUMMARY = {
  id: 'key_3kQ9x1Vb',
  label: 'ci',
  lastFour: 'Qx4A',
  projectId: 'prj_7Hd2LmQ0',
  app: 'playground',
  environment: 'sandbox',
  scopes: ['status.read'],
  createdAt: '2026-09-01T12:00:00.000Z',
  expiresAt: '2027-02-28T12:00:00.000Z',
  revokedAt: null,
  lastUsedAt: null,
  status: 'active',
}

const WORKSPACE = {
  workspace: 'pr-41',
  createdAt: '2026-09-01T12:00:00.000Z',
  lastUsedAt: '2026-09-02T08:15:00.000Z',
  expiresAt: '2026-09-08T12:00:00.000Z',
  keys: 1,
}

export const CONTROL_EXAMPLES = {
  ClockState: { now: '2026-09-01T12:00:00.000Z', offsetMs: 0 },
  ClockChange: { advanceMs: 15_552_000_000 },
  FaultsState: { authorizationUnavailable: true, latencyMs: 0, operations: ['getProjectStatus'], count: 1 },
  FaultsChange: { authorizationUnavailable: true, operations: ['getProjectStatus'], count: 1 },
  Journal: {
    requests: [
      {
        requestId: '4f1c2a8e-0b7d-4d7e-9a55-2f3f8f6e7a10',
        time: '2026-09-01T12:00:00.000Z',
        method: 'GET',
        path: '/api/developer/v1/status',
        operationId: 'getProjectStatus',
        status: 200,
        keyId: 'key_3kQ9x1Vb',
        keyLabel: 'ci',
        durationMs: 0.42,
        request: { headers: { authorization: '[redacted]', accept: 'application/json' }, body: null, bodyTruncated: false },
        response: {
          headers: { 'content-type': 'application/json', 'x-request-id': '4f1c2a8e-0b7d-4d7e-9a55-2f3f8f6e7a10' },
          body: '{"status":"ok"}',
          bodyTruncated: false,
        },
      },
    ],
    total: 1,
  },
  Reset: { keepKeys: true },
  ResetResult: { keepKeys: true, keys: 1 },
  StateResult: { keys: 1 },
  Snapshot: {
    format: 'developer-sandbox/workspace',
    version: 2,
    exportedAt: '2026-09-01T12:00:00.000Z',
    keys: [],
    projects: [],
    usage: [],
    keyActivity: [],
    webhookEndpoints: [],
  },
  IssueKey: { scopes: ['status.read'], label: 'ci' },
  KeySummary: KEY_SUMMARY,
  KeyList: [KEY_SUMMARY],
  IssuedKey: { ...KEY_SUMMARY, key: 'svc_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQx4A' },
  CreateWorkspace: { expiresInDays: 7 },
  WorkspaceSummary: WORKSPACE,
  WorkspaceList: [WORKSPACE],
  CreatedWorkspace: { ...WORKSPACE, lastUsedAt: null, keys: 0, created: true },
  ControlProblem: {
    type: 'urn:developer-sandbox:problem:admin_token_missing',
    title: 'Admin token missing',
    status: 401,
    detail: 'Failed to authorise the control call: send "Authorization: Bearer <admin token>".',
    code: 'admin_token_missing',
    requestId: '4f1c2a8e-0b7d-4d7e-9a55-2f3f8f6e7a10',
  },
} as const

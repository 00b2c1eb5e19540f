/**
 * A typed client of the control API (`developer-sandbox/control`), for test
 * suites that drive a running sandbox: `serve`, the playground's bridge, a
 * Worker. Its types are the control schemas' own. A refusal throws, so a
 * setup step that fails stops the test at once.
 * @example
 * const control = createControlClient({ url: 'http://127.0.0.1:4010', token: process.env.DEVELOPER_SANDBOX_ADMIN_TOKEN })
 * await control.reset()
 * await control.advanceClock(180 * 24 * 3600 * 1000)
 */
import {
  type ClockState,
  CONTROL_BASE_PATH,
  type ControlProblemCode,
  type CreatedWorkspace,
  type CreateWorkspace,
  type FaultsChange,
  type FaultsState,
  type IssuedKey,
  type IssueKeyOptions,
  type Journal,
  type KeySummary,
  type ResetResult,
  type WorkspaceSnapshot,
  type WorkspaceSummary,
} from '../api/core.ts'

export type {
  ClockState,
  CreatedWorkspace,
  CreateWorkspace,
  FaultsChange,
  FaultsState,
  IssuedKey,
  IssueKeyOptions,
  Journal,
  KeySummary,
  ResetResult,
  WorkspaceSnapshot,
  WorkspaceSummary,
}

export interface ControlClientOptions {
  /** Where the sandbox answers, e.g. `http://127.0.0.1:4010` (the control API is under `/_developer-sandbox`). */
  url: string
  /** The admin token; `DEVELOPER_SANDBOX_ADMIN_TOKEN` for serve started with it. */
  token: string | undefined
  fetch?: typeof fetch
}

/** The filters of `GET /requests`; `since` as an ISO instant or a Date. */
export interface JournalQuery {
  operation?: string
  status?: number
  keyId?: string
  since?: string | Date
  limit?: number
}

/** A refusal of the control API, with its problem details. */
export class ControlClientError extends Error {
  override name = 'ControlClientError'
  constructor(
    readonly status: number,
    readonly code: ControlProblemCode | undefined,
    message: string,
  ) {
    super(message)
  }
}

export function createControlClient(options: ControlClientOptions) {
  const send = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const base = `${options.url.replace(/\/+$/, '')}${CONTROL_BASE_PATH}`

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (options.token) headers.Authorization = `Bearer ${options.token}`
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    const response = await send(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    const text = await response.text()
    const parsed = text ? (JSON.parse(text) as unknown) : undefined
    if (!response.ok) {
      const problem = parsed as { code?: ControlProblemCode; detail?: string } | undefined
      throw new ControlClientError(
        response.status,
        problem?.code,
        problem?.detail ?? `Failed to ${method} ${CONTROL_BASE_PATH}${path}: the sandbox answered ${response.status}.`,
      )
    }
    return parsed as T
  }

  function query(filter: JournalQuery): string {
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(filter)) {
      if (value !== undefined) search.set(name, value instanceof Date ? value.toISOString() : String(value))
    }
    const text = search.toString()
    return text ? `?${text}` : ''
  }

  return {
    /** Back to a fresh sandbox; `keepKeys` keeps keys and revocations. */
    reset: (body: { keepKeys?: boolean } = {}) => call<ResetResult>('POST', '/reset', body),
    getClock: () => call<ClockState>('GET', '/clock'),
    setClock: (now: string | Date) => call<ClockState>('PUT', '/clock', { now: now instanceof Date ? now.toISOString() : now }),
    advanceClock: (advanceMs: number) => call<ClockState>('PUT', '/clock', { advanceMs }),
    /** Back to real time. */
    resetClock: () => call<ClockState>('DELETE', '/clock'),
    getFaults: () => call<FaultsState>('GET', '/faults'),
    setFaults: (faults: FaultsChange) => call<FaultsState>('PUT', '/faults', faults),
    clearFaults: () => call<FaultsState>('DELETE', '/faults'),
    /** The request journal, newest first. */
    requests: (filter: JournalQuery = {}) => call<Journal>('GET', `/requests${query(filter)}`),
    clearRequests: () => call<Journal>('DELETE', '/requests'),
    exportState: () => call<WorkspaceSnapshot>('GET', '/state'),
    importState: (snapshot: unknown) => call<{ keys: number }>('PUT', '/state', snapshot),
    listKeys: () => call<KeySummary[]>('GET', '/keys'),
    issueKey: (key: IssueKeyOptions) => call<IssuedKey>('POST', '/keys', key),
    revokeKey: (id: string) => call<KeySummary>('POST', `/keys/${encodeURIComponent(id)}/revoke`),
    /** A team sandbox's named workspaces (`url` is the deployment's origin, not a workspace's). */
    listWorkspaces: () => call<WorkspaceSummary[]>('GET', '/workspaces'),
    /** Creates a named workspace, or sets a new expiry on one (`created` says which). */
    createWorkspace: (name: string, options: CreateWorkspace = {}) =>
      call<CreatedWorkspace>('PUT', `/workspaces/${encodeURIComponent(name)}`, options),
    /** Deletes a named workspace: its keys are refused at once and its storage is deleted. */
    deleteWorkspace: (name: string) => call<undefined>('DELETE', `/workspaces/${encodeURIComponent(name)}`),
  }
}

export type ControlClient = ReturnType<typeof createControlClient>

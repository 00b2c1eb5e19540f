/**
 * The admin's workspace routes (list, create, delete) and the admission of
 * a named workspace's requests: the Worker asks the registry before it
 * addresses a workspace's object, so an unknown name costs no object and no
 * storage. The token is checked before any of these runs.
 */
import { ControlError, type CreatedWorkspace, DAY_MS, problemResponse, readCreateWorkspace, type WorkspaceSummary } from '../api/core.ts'
import type { WorkspaceRecord } from './objectMethods.ts'
import type { SandboxEnv } from './platform.ts'
import { json, problem } from './problem.ts'
import { REGISTRY_NAME } from './workspaceRegistry.ts'
import { DEFAULT_WORKSPACE } from './workspaceRoute.ts'

/**
 * How long this isolate trusts that a name exists without asking again. A
 * deleted workspace's object refuses by itself (its storage is gone), so a
 * stale entry elsewhere can only let a request wake an object that answers 404.
 */
const ADMITTED_FOR_MS = 10_000
const admittedUntil = new Map<string, number>()

const registry = (env: SandboxEnv) => env.REGISTRY.get(env.REGISTRY.idFromName(REGISTRY_NAME))
const workspaceObject = (env: SandboxEnv, name: string) => env.WORKSPACES.get(env.WORKSPACES.idFromName(name))
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

function summary(record: WorkspaceRecord): WorkspaceSummary {
  return {
    workspace: record.name,
    createdAt: new Date(record.createdAt).toISOString(),
    lastUsedAt: iso(record.lastUsedAt),
    expiresAt: iso(record.expiresAt),
    keys: record.keys,
  }
}

const live = (record: WorkspaceRecord | null, now: number): record is WorkspaceRecord =>
  record !== null && (record.expiresAt === null || record.expiresAt > now)

/** The refusal of a request for a workspace the registry does not list. */
export const unknownWorkspace = (name: string) =>
  problem(404, 'workspace_not_found', `Failed to find the workspace "${name}": the admin has not created it, or it was deleted.`)

/** Whether requests for `name` may reach its object: the default always, a named one while the registry lists it unexpired. */
export async function admitted(env: SandboxEnv, name: string): Promise<boolean> {
  if (name === DEFAULT_WORKSPACE) return true
  const now = Date.now()
  if ((admittedUntil.get(name) ?? 0) > now) return true
  const record = await registry(env).find(name)
  if (!live(record, now)) {
    admittedUntil.delete(name)
    return false
  }
  admittedUntil.set(name, Math.min(now + ADMITTED_FOR_MS, record.expiresAt ?? Number.POSITIVE_INFINITY))
  return true
}

export async function listWorkspaces(env: SandboxEnv): Promise<Response> {
  const now = Date.now()
  // An expired workspace whose alarm has not run yet is already refused: it is not listed either.
  return json(200, (await registry(env).list()).filter((record) => live(record, now)).map(summary))
}

export async function createWorkspace(request: Request, env: SandboxEnv, name: string): Promise<Response> {
  if (name === DEFAULT_WORKSPACE)
    return problem(409, 'workspace_is_default', 'Failed to create the workspace "default": the plain paths serve it, always.')
  let body: Awaited<ReturnType<typeof readCreateWorkspace>>
  try {
    body = await readCreateWorkspace(request, name)
  } catch (error) {
    if (error instanceof ControlError) return problemResponse(error, crypto.randomUUID())
    throw error
  }
  const now = Date.now()
  const expiresAt = body.expiresInDays === undefined ? undefined : now + body.expiresInDays * DAY_MS
  // The object first: a name the registry lists always has its storage.
  await workspaceObject(env, name).create(name, expiresAt)
  const { record, created } = await registry(env).add(name, now, expiresAt)
  admittedUntil.set(name, Math.min(now + ADMITTED_FOR_MS, record.expiresAt ?? Number.POSITIVE_INFINITY))
  return json(created ? 201 : 200, { ...summary(record), created } satisfies CreatedWorkspace)
}

export async function deleteWorkspace(env: SandboxEnv, name: string): Promise<Response> {
  if (name === DEFAULT_WORKSPACE)
    return problem(409, 'workspace_is_default', 'Failed to delete the workspace "default": the plain paths serve it; reset it instead.')
  const store = registry(env)
  if (!(await store.find(name))) return unknownWorkspace(name)
  admittedUntil.delete(name)
  // The storage first, while the name is still listed: a failure leaves it listed, and a second DELETE finishes the job.
  await workspaceObject(env, name).destroy()
  await store.remove(name)
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
}

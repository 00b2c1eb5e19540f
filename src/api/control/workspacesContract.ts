/**
 * The team sandbox's workspace routes (`/_developer-sandbox/workspaces`):
 * their bodies' types, derived from the schemas the OpenAPI document embeds,
 * and the check of a create body. Only a host with several workspaces (the
 * Worker) mounts them; the types serve the typed client and the CLI.
 */
import type { FromSchema } from 'json-schema-to-ts'
import { createWorkspace } from '../contract/validators.generated.js'
import type { createdWorkspaceSchema, createWorkspaceSchema, workspaceSummarySchema } from './controlSchemas.ts'
import { checkBody, readJson } from './readControlBody.ts'

export type CreateWorkspace = FromSchema<typeof createWorkspaceSchema>
export type WorkspaceSummary = FromSchema<typeof workspaceSummarySchema>
export type CreatedWorkspace = FromSchema<typeof createdWorkspaceSchema>

export const DAY_MS = 86_400_000

/**
 * Reads and checks a create body; an empty one reads as `{}`.
 * @throws ControlError (`invalid_json`, `invalid_body` naming the field, `payload_too_large`); nothing changes.
 */
export async function readCreateWorkspace(request: Request, name: string): Promise<CreateWorkspace> {
  const action = `create the workspace "${name}"`
  return checkBody<CreateWorkspace>(createWorkspace, await readJson(request, action, { empty: {} }), action)
}

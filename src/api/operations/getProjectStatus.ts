import { API_VERSION } from '../version.ts'
import type { Operation } from './types.ts'

/** GET /status: the project, its environment, the key's granted scopes and the API version. */
export const getProjectStatus: Operation = {
  async run({ key }) {
    return {
      body: {
        project: { id: key.projectId, app: key.app },
        environment: key.environment,
        scopes: key.scopes,
        apiVersion: API_VERSION,
        key: { id: key.id, lastFour: key.lastFour, expiresAt: new Date(key.expiresAt).toISOString() },
      },
    }
  },
}

import { arrayOf, dateTime, obj, str } from '../contract/schemaParts.ts'
import { SCOPES } from '../contract/scopes.ts'
import { API_VERSION } from '../contract/version.ts'
import { defineOperation } from './defineOperation.ts'

/** GET /status: the project, its environment, the key's granted scopes and the API version. */
export const getProjectStatus = defineOperation({
  operationId: 'getProjectStatus',
  method: 'GET',
  path: '/status',
  scope: 'status.read',
  tag: 'project',
  body: 'none',
  title: 'Get the project status',
  summary: 'Project, environment, granted scopes and API version.',
  response: obj({
    project: obj({ id: str, app: str }),
    environment: str,
    scopes: arrayOf({ enum: SCOPES }),
    apiVersion: { const: API_VERSION },
    key: obj({ id: str, lastFour: str, expiresAt: dateTime }),
  }),
  async run({ key }) {
    return {
      project: { id: key.projectId, app: key.app },
      environment: key.environment,
      scopes: [...key.scopes],
      apiVersion: API_VERSION,
      key: { id: key.id, lastFour: key.lastFour, expiresAt: new Date(key.expiresAt).toISOString() },
    }
  },
})

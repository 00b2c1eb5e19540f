import { MANIFEST_PERMISSIONS } from '../contract/manifestSchema.ts'
import { arrayOf, dateTime, obj, str } from '../contract/schemaParts.ts'
import { CLOSED_DATA, CLOSED_DATA_CATEGORIES, PERMISSION_OPENS } from '../domain/dataBoundaries.ts'
import { StoreError } from '../store/StoreError.ts'
import { defineOperation } from './defineOperation.ts'

/** GET /profile: the developer project's identity and its explicit data boundaries. */
export const getDeveloperProfile = defineOperation({
  operationId: 'getDeveloperProfile',
  method: 'GET',
  path: '/profile',
  scope: 'profile.read',
  tag: 'developer',
  body: 'none',
  title: 'Get the developer profile',
  summary: 'Developer project identity and its explicit data boundaries.',
  response: obj({
    project: obj({ id: str, app: str, environment: str, displayName: str, createdAt: dateTime }),
    dataBoundaries: obj({
      open: arrayOf(obj({ scope: { enum: MANIFEST_PERMISSIONS }, opens: str })),
      closed: arrayOf(obj({ category: { enum: CLOSED_DATA_CATEGORIES }, reason: str })),
      privateAccountData: { const: false },
    }),
  }),
  async run({ tx, key }) {
    const project = await tx.objectStore('projects').get(key.projectId)
    if (!project) throw new StoreError(`Failed to read project "${key.projectId}": the store has a key without its project`)
    return {
      project: {
        id: project.id,
        app: project.app,
        environment: project.environment,
        displayName: `${project.app} (${project.environment})`,
        createdAt: new Date(project.createdAt).toISOString(),
      },
      dataBoundaries: {
        open: MANIFEST_PERMISSIONS.map((scope) => ({ scope, opens: PERMISSION_OPENS[scope] })),
        closed: [...CLOSED_DATA],
        privateAccountData: false as const,
      },
    }
  },
})

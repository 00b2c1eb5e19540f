import { MANIFEST_PERMISSIONS } from '../contract/manifestSchema.ts'
import { CLOSED_DATA, PERMISSION_OPENS } from './dataBoundaries.ts'
import type { Operation } from './types.ts'

/** GET /profile: the developer project's identity and its explicit data boundaries. */
export const getDeveloperProfile: Operation = {
  async run({ tx, key }) {
    const project = await tx.objectStore('projects').get(key.projectId)
    if (!project) throw new Error(`Failed to read project "${key.projectId}": missing`)
    return {
      body: {
        project: {
          id: project.id,
          app: project.app,
          environment: project.environment,
          displayName: `${project.app} (${project.environment})`,
          createdAt: new Date(project.createdAt).toISOString(),
        },
        dataBoundaries: {
          open: MANIFEST_PERMISSIONS.map((scope) => ({ scope, opens: PERMISSION_OPENS[scope] })),
          closed: CLOSED_DATA,
          privateAccountData: false,
        },
      },
    }
  },
}

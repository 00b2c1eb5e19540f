import type { Sandbox } from '../../../src/api/index.ts'

/** How many keys and projects the workspace holds, to prove a refusal changed nothing. */
export async function exportedRecords(sandbox: Sandbox): Promise<{ keys: number; projects: number }> {
  const snapshot = await sandbox.workspace.exportState()
  return { keys: snapshot.keys.length, projects: snapshot.projects.length }
}

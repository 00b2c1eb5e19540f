import { snapshotFromFixture } from 'developer-sandbox'
import { API_KEY } from '../config'
import fixture from './fixture.json'
import { sandbox } from './handlers'

/**
 * Puts the sandbox in the state the app and its tests start from: the
 * fixture's keys and usage history, and the key from the app's config.
 * `importState` replaces everything, so this is also the per-test reset.
 */
export async function seedSandbox(): Promise<void> {
  await sandbox.workspace.importState(snapshotFromFixture(fixture))
  await sandbox.workspace.issueKey({ key: API_KEY, app: 'react-app', scopes: ['status.read', 'usage.read'], label: 'app config' })
}

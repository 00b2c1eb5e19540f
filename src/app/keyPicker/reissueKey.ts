import type { KeySummary } from '../../api/core.ts'
import { workspaceStore } from '../state/keys/workspaceStore.ts'

/**
 * Issues a key like `lost` (same app, environment, scopes and label) and
 * revokes `lost` when it is still active: its secret is gone from this tab,
 * and a key nobody holds should not stay open. The new key is selected (the
 * vault follows `keyIssued`). Returns the new key, or undefined on failure.
 */
export async function reissueKey(lost: KeySummary): Promise<KeySummary | undefined> {
  const { issue, revoke } = workspaceStore.getState()
  const fresh = await issue({ app: lost.app, environment: lost.environment, scopes: [...lost.scopes], label: lost.label })
  if (fresh && lost.status === 'active') await revoke(lost.id)
  return fresh
}

import type { Scope } from '../../../api/core.ts'
import type { KeyGateProps } from '../../ui/KeyGate.tsx'
import { goTo } from '../navigation.ts'
import { explainAccess, type KeyAccess } from './keyAccess.ts'
import { useWorkspace } from './workspaceStore.ts'

export interface KeyGateNeed {
  /** What the panel does with the key, e.g. "validate and preview manifests". */
  purpose: string
  /** The smallest scope list for the panel: what the one-click key gets. */
  scopes: readonly Scope[]
  /** Label of the issued key in the workspace. */
  label: string
}

/**
 * The key gate of a panel, bound to the workspace: undefined when the
 * selected key will do. Issuing selects the new key for the whole
 * playground, as issuing in the workspace does.
 */
export function useKeyGate(access: KeyAccess, { purpose, scopes, label }: KeyGateNeed): KeyGateProps | undefined {
  const canIssue = useWorkspace((state) => state.control !== undefined)
  const error = useWorkspace((state) => state.error)
  const issue = useWorkspace((state) => state.issue)
  if (access.kind === 'ok') return undefined
  return {
    explanation: explainAccess(access, purpose),
    scopes,
    canIssue,
    error,
    onIssue: () => issue({ scopes: [...scopes], label }),
    onChooseKey: () => goTo('workspace'),
  }
}

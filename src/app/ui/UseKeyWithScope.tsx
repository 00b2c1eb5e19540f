import type { Scope } from '../../api/index.ts'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { useWorkspace } from '../state/keys/workspaceStore.ts'

/**
 * After a 403, offers a key this tab already holds that has the missing
 * scope, if there is one: switching keys beats issuing another.
 */
export function UseKeyWithScope({ scope }: { scope: Scope }) {
  const keys = useWorkspace((state) => state.keys)
  const secrets = useKeyVault((vault) => vault.secrets)
  const selection = useKeyVault((vault) => vault.selection)
  const select = useKeyVault((vault) => vault.select)
  const candidate = keys.find(
    (key) =>
      key.status === 'active' &&
      key.scopes.includes(scope) &&
      key.id in secrets &&
      !(selection.kind === 'issued' && selection.id === key.id),
  )
  if (!candidate) return null
  return (
    <button type="button" className="primary" onClick={() => select({ kind: 'issued', id: candidate.id })}>
      Use key …{candidate.lastFour} (has {scope})
    </button>
  )
}

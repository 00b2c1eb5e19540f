import type { KeyStatus } from '../../api/index.ts'

const TEXT: Record<KeyStatus, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' }

/** A key status as a word and a colour; the word alone carries the meaning. */
export function StatusBadge({ status }: { status: KeyStatus }) {
  return <span className={`badge badge-${status}`}>{TEXT[status]}</span>
}

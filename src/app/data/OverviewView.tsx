import { ProfileView } from './ProfileView.tsx'
import { StatusView } from './StatusView.tsx'

/** The "Status & profile" section: what the selected key opens, beside the project it belongs to. */
export function OverviewView() {
  return (
    <div className="data-grid">
      <StatusView />
      <ProfileView />
    </div>
  )
}

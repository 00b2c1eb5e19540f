/** The parts of the API's response bodies this app reads. */
export interface Counts {
  requests: number
  errors: number
}

export interface ProjectStatus {
  project: { id: string; app: string }
  environment: string
  scopes: string[]
  apiVersion: string
  key: { id: string; lastFour: string; expiresAt: string }
}

export interface ProjectUsage {
  window: { days: number; from: string; to: string }
  totals: Counts
  /** Totals over the window, by operation id. */
  operations: Record<string, Counts>
  days: Array<Counts & { date: string }>
}

export interface Problem {
  status: number
  code: string
  title: string
  detail: string
}

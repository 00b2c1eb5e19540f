/** GET /tools once per key: the library's reviewed manifests become templates. */
import { useEffect, useState } from 'react'
import type { SandboxClient } from '../../../client/sandboxClient.ts'
import type { ApiRefusal } from '../../ui/apiRefusal.ts'
import { describeRefusal } from '../../ui/apiRefusal.ts'

export interface LibraryTool {
  id: string
  manifest: unknown
  label: string
}

export type LibraryState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; tools: LibraryTool[] }
  | { kind: 'refused'; refusal: ApiRefusal }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

function readTools(body: unknown): LibraryTool[] | null {
  if (!isRecord(body) || !Array.isArray(body.data)) return null
  return body.data.filter(isRecord).map((entry) => {
    const manifest = entry.manifest
    const name = isRecord(manifest) && typeof manifest.name === 'string' ? manifest.name : String(entry.id)
    return { id: String(entry.id), manifest, label: name }
  })
}

export function useLibraryTools(client: SandboxClient, apiKey: string | undefined, enabled: boolean): LibraryState {
  const [state, setState] = useState<LibraryState>({ kind: 'idle' })
  useEffect(() => {
    if (!enabled || !apiKey) {
      setState({ kind: 'idle' })
      return
    }
    const controller = new AbortController()
    setState({ kind: 'loading' })
    void client.listTools({ key: apiKey, signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return
      const tools = result.status === 200 ? readTools(result.body) : null
      setState(tools ? { kind: 'ready', tools } : { kind: 'refused', refusal: describeRefusal(result, 'listTools') })
    })
    return () => controller.abort()
  }, [client, apiKey, enabled])
  return state
}

/**
 * Fetches POST /tools/preview for each new valid version (by digest), so the
 * review package follows the manifest without asking twice for the same one.
 */
import { useEffect, useState } from 'react'
import type { SandboxClient } from '../../../client/sandboxClient.ts'
import { type ApiRefusal, describeRefusal } from '../../ui/apiRefusal.ts'
import { isPreviewBody, type PreviewBody } from './previewBody.ts'

export type PreviewState =
  | { digest: string; kind: 'loading' }
  | { digest: string; kind: 'ready'; body: PreviewBody }
  | { digest: string; kind: 'refused'; refusal: ApiRefusal }

interface PreviewInput {
  client: SandboxClient
  apiKey: string | undefined
  /** The valid manifest and its digest from the latest fresh verdict, or undefined. */
  valid: { manifest: unknown; digest: string } | undefined
  enabled: boolean
}

/** The latest preview; its `digest` says which version it shows. */
export function usePreview({ client, apiKey, valid, enabled }: PreviewInput): PreviewState | undefined {
  const [state, setState] = useState<PreviewState>()
  const digest = valid?.digest
  const manifest = valid?.manifest

  // The manifest is identified by its digest; a new object with the same digest needs no new preview.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `manifest` is read, but its digest stands for it
  useEffect(() => {
    if (!enabled || digest === undefined) return
    const controller = new AbortController()
    setState({ digest, kind: 'loading' })
    void client.previewTool(manifest, { key: apiKey, signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return
      if (result.status === 200 && isPreviewBody(result.body)) setState({ digest, kind: 'ready', body: result.body })
      else setState({ digest, kind: 'refused', refusal: describeRefusal(result, 'previewTool') })
    })
    return () => controller.abort()
  }, [client, apiKey, digest, enabled])

  return state
}

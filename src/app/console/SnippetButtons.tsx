import type { ConsoleRequest } from '../state/history/historyEntry.ts'
import { outsideApiUrl, SERVE_API_BASE, useBridgeStatus } from '../state/runtime/bridgeStore.ts'
import { useConnection } from '../state/runtime/runtimeStore.ts'
import { CopyButton } from '../ui/CopyButton.tsx'
import { toClientCall, toCurl, toFetch, toPython } from './snippets.ts'

interface SnippetButtonsProps {
  /** The request to copy; undefined while the form cannot describe one (an invalid URL). */
  request: () => ConsoleRequest | undefined
  context: string
  disabled?: boolean
}

/**
 * Copies a request as curl, fetch, Python or a typed-client call, aimed at
 * the URL outside clients reach this tab's sandbox at (or, where none
 * exists, at `developer-sandbox serve`'s); the key is read from
 * SANDBOX_API_KEY, never pasted in.
 */
export function SnippetButtons({ request, context, disabled = false }: SnippetButtonsProps) {
  const { host } = useConnection()
  const outside = outsideApiUrl(useBridgeStatus())
  const apiBase = host.kind === 'tab' ? (outside ?? SERVE_API_BASE) : host.apiUrl
  const as = (build: (request: ConsoleRequest, apiBase: string) => string) => () => {
    const described = request()
    return described ? build(described, apiBase) : ''
  }
  return (
    <fieldset className="snippets" disabled={disabled}>
      <legend>Copy {context} as</legend>
      <div className="button-row">
        <CopyButton text={as(toCurl)} what={`${context} as curl`} label="curl" />
        <CopyButton text={as(toFetch)} what={`${context} as fetch`} label="fetch" />
        <CopyButton text={as(toPython)} what={`${context} as Python`} label="Python" />
        <CopyButton text={as(toClientCall)} what={`${context} as a typed client call`} label="typed client call" />
      </div>
    </fieldset>
  )
}

import type { ConsoleRequest } from '../state/history/historyEntry.ts'
import { CopyButton } from '../ui/CopyButton.tsx'
import { toClientCall, toCurl, toFetch } from './snippets.ts'

/** Copies a request as curl, fetch or a typed-client call; the key is read from SANDBOX_API_KEY, never pasted in. */
export function SnippetButtons({ request, context }: { request: () => ConsoleRequest; context: string }) {
  const origin = location.origin
  return (
    <fieldset className="snippets">
      <legend>Copy {context} as</legend>
      <div className="button-row">
        <CopyButton text={() => toCurl(request(), origin)} what={`${context} as curl`} label="curl" />
        <CopyButton text={() => toFetch(request(), origin)} what={`${context} as fetch`} label="fetch" />
        <CopyButton text={() => toClientCall(request(), origin)} what={`${context} as a typed client call`} label="typed client call" />
      </div>
    </fieldset>
  )
}

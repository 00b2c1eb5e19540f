import { useEffect } from 'react'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { readSharedManifest, replaceAddress, shareUrl } from './shareLink.ts'

/** Quiet time before the address bar follows the text (history updates are not free). */
const ADDRESS_DEBOUNCE_MS = 500

/**
 * Keeps the address bar carrying the manifest once the user has changed it
 * (or opened a link), and copies a link that opens the same text elsewhere.
 */
export function ShareControls({ text, pristine }: { text: string; pristine: boolean }) {
  useEffect(() => {
    // An untouched blank manifest needs no query; a link that brought one keeps following the text.
    if (pristine && readSharedManifest(location.href) === null) return
    const timer = setTimeout(() => replaceAddress(text), ADDRESS_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, pristine])
  return <CopyButton text={() => shareUrl(text, location.href)} what="share link" label="Copy share link" />
}

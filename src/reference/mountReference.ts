/** Mounts the renderer (Scalar) on the page and lets the key bar change the key "Try it" sends. */
import { createApiReference } from '@scalar/api-reference'
import '@scalar/api-reference/style.css'
import { scalarConfiguration } from './scalarConfiguration.ts'

export interface MountedReference {
  /** Pre-fills the renderer's bearer token; undefined clears it. */
  useKey(key: string | undefined): void
}

/** Mounts the renderer in `container`; `onLoaded` runs once it has drawn the document. */
export function mountReference(
  container: HTMLElement,
  siteUrl: string,
  key: string | undefined,
  fetch: typeof globalThis.fetch | undefined,
  onLoaded: () => void,
): MountedReference {
  const instance = createApiReference(container, { ...scalarConfiguration({ siteUrl, key, fetch }), onLoaded })
  return { useKey: (key) => instance.updateConfiguration(scalarConfiguration({ siteUrl, key, fetch })) }
}

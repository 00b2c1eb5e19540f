/**
 * The example ids a docs page may name, with what a page needs before the
 * frame loads: the title (the frame's accessible name) and the height to
 * reserve, so the page does not move when the example arrives. Imports
 * nothing, so the React component and the bench can use it alone; the
 * catalogue (examples.ts) is checked against it.
 */
export const EXAMPLE_INDEX = {
  'get-status': { title: 'Get the project status', height: 317 },
  'get-profile': { title: 'Get the developer profile', height: 317 },
  'list-sessions': { title: 'List learning sessions', height: 317 },
  'get-usage': { title: 'Get 30-day usage', height: 336 },
  'list-webhooks': { title: 'List webhook endpoints', height: 317 },
  'list-tools': { title: 'List library tools', height: 317 },
  'validate-tool': { title: 'Validate a tool manifest', height: 624 },
  'preview-tool': { title: 'Preview a tool', height: 605 },
  'webhook-test': { title: 'Create a signed webhook specimen', height: 471 },
  'key-expired': { title: 'An expired key', height: 355 },
  'key-missing': { title: 'A missing key', height: 294 },
  'scope-missing': { title: 'A missing scope', height: 317 },
  'body-too-large': { title: 'A body over 64 KB', height: 471 },
  'malformed-json': { title: 'Malformed JSON', height: 503 },
  'manifest-invalid': { title: 'A manifest that breaks the contract', height: 605 },
  'rate-limited': { title: 'The rate limit', height: 355 },
} as const satisfies Record<string, { title: string; height: number }>

/** Every example id, in the gallery's order. */
export type ExampleId = keyof typeof EXAMPLE_INDEX

export const EXAMPLE_IDS = Object.keys(EXAMPLE_INDEX) as ExampleId[]

/**
 * The content width (CSS pixels) at which each reserved height is exact: a
 * docs column. Narrower frames wrap the explanation onto more lines and grow
 * once, when they report their height.
 */
export const RESERVED_HEIGHT_WIDTH = 720

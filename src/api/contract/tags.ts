/**
 * The groups the operations are documented under, each with what it holds:
 * docs renderers list operations by these instead of one "default" group.
 */
export const TAGS = {
  project: 'The project a key belongs to: its status and its usage.',
  developer: 'The developer-program member: profile and sessions.',
  tools: 'Tool manifests: the library, validation against service.tool/v1 and previews.',
  webhooks: 'Webhook endpoints and signed test deliveries.',
} as const

export type Tag = keyof typeof TAGS

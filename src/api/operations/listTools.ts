import type { Operation } from './types.ts'

/** GET /tools: the library's human-reviewed manifests, with their digests. */
export const listTools: Operation = {
  async run({ tx }) {
    const tools = await tx.objectStore('tools').getAll()
    tools.sort((a, b) => (a.id < b.id ? -1 : 1))
    return { body: { data: tools } }
  },
}

/**
 * The playground's own build (same plugins, chunking and worker) of one page,
 * the runtime alone: the floor the cold-start figure is read against.
 */
import { fileURLToPath } from 'node:url'
import playground from '../../../vite.config.ts'

export default {
  ...playground,
  root: fileURLToPath(new URL('../../../', import.meta.url)),
  build: {
    ...playground.build,
    rolldownOptions: { input: [fileURLToPath(new URL('./index.html', import.meta.url))] },
  },
}

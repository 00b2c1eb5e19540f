/**
 * The playground's own config (same plugins and worker) building one page,
 * the runtime alone: the floor the cold-start figure is read against.
 */
import { fileURLToPath } from 'node:url'
import { type ConfigEnv, defineConfig, type UserConfig } from 'vite'
import playground from '../../../vite.config.ts'

export default defineConfig((env: ConfigEnv) => {
  const { environments: _site, builder: _twoBuilds, ...config } = (playground as (env: ConfigEnv) => UserConfig)(env)
  return {
    ...config,
    root: fileURLToPath(new URL('../../../', import.meta.url)),
    build: { ...config.build, rolldownOptions: { input: [fileURLToPath(new URL('./index.html', import.meta.url))] } },
  }
})

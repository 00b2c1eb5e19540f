/**
 * The playground's own config (same plugins, minifier and worker bundling)
 * building one page, a bare Monaco JSON editor: the floor the editor's
 * bundle and cold-marker figures are read against. One plugin is left out:
 * `monacoJsonOnly`, the playground's choice of Monaco contributions, so the
 * floor is Monaco's JSON language as the package ships it (decision 039).
 */
import { fileURLToPath } from 'node:url'
import { type ConfigEnv, defineConfig, type PluginOption, type UserConfig } from 'vite'
import { MONACO_JSON_ONLY } from '../../../src/build/monacoJsonOnly.ts'
import playground from '../../../vite.config.ts'

const isOurSlimming = (plugin: PluginOption) =>
  typeof plugin === 'object' && plugin !== null && 'name' in plugin && plugin.name === MONACO_JSON_ONLY

export default defineConfig((env: ConfigEnv) => {
  const { environments: _site, builder: _twoBuilds, ...config } = (playground as (env: ConfigEnv) => UserConfig)(env)
  return {
    ...config,
    plugins: (config.plugins ?? []).filter((plugin) => !isOurSlimming(plugin)),
    root: fileURLToPath(new URL('../../../', import.meta.url)),
    build: { ...config.build, rolldownOptions: { input: [fileURLToPath(new URL('./index.html', import.meta.url))] } },
  }
})

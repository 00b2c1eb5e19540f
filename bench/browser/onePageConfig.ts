/**
 * The playground's own Vite config building one benchmark page (a floor the
 * playground's figures are read against): the same plugins, minifier and
 * worker bundling, without the site's two builds, less the plugins named.
 */
import { fileURLToPath } from 'node:url'
import { type ConfigEnv, defineConfig, type PluginOption, type UserConfig, type UserConfigFnObject } from 'vite'
import playground from '../../vite.config.ts'

const named = (plugin: PluginOption, names: readonly string[]) =>
  typeof plugin === 'object' && plugin !== null && 'name' in plugin && names.includes(plugin.name)

/** @param page the page's index.html, as a file URL; @param without names of the playground's plugins to leave out */
export function onePageConfig(page: URL, without: readonly string[] = []): UserConfigFnObject {
  return defineConfig((env: ConfigEnv) => {
    const { environments: _site, builder: _twoBuilds, ...config } = (playground as (env: ConfigEnv) => UserConfig)(env)
    return {
      ...config,
      plugins: (config.plugins ?? []).filter((plugin) => !named(plugin, without)),
      root: fileURLToPath(new URL('../../', import.meta.url)),
      build: { ...config.build, rolldownOptions: { input: [fileURLToPath(page)] } },
    }
  })
}

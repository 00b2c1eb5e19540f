/**
 * The playground's own config (same plugins, minifier and worker bundling)
 * building one page, a bare Monaco JSON editor: the floor the editor's
 * bundle and cold-marker figures are read against. One plugin is left out:
 * `monacoJsonOnly`, the playground's choice of Monaco contributions, so the
 * floor is Monaco's JSON language as the package ships it (decision 040).
 */
import { MONACO_JSON_ONLY } from '../../../src/build/monacoJsonOnly.ts'
import { onePageConfig } from '../onePageConfig.ts'

export default onePageConfig(new URL('./index.html', import.meta.url), [MONACO_JSON_ONLY])

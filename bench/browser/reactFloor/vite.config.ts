/**
 * The playground's own config (same plugins and worker) building one page:
 * one React component and the runtime, the floor the cold-start figure is read against.
 */
import { onePageConfig } from '../onePageConfig.ts'

export default onePageConfig(new URL('./index.html', import.meta.url))

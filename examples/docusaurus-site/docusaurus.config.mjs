// @ts-check
/**
 * A one-page docs site on Docusaurus 3 (React 19) with live Developer Sandbox
 * examples and the API reference, through developer-sandbox/react.
 * SANDBOX_URL names the deployed sandbox site; the default is the
 * playground's `npm run preview` on this machine.
 */
const sandboxUrl = process.env.SANDBOX_URL || 'http://localhost:4173/'

/** @type {import('@docusaurus/types').Config} */
export default {
  title: 'Habit Tracker developer docs',
  tagline: 'A docs site with live Developer Sandbox examples and the API reference.',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  // No favicon file to fetch: a data: URL, so the browser asks the host for nothing the page does not name.
  headTags: [{ tagName: 'link', attributes: { rel: 'icon', href: 'data:,' } }],
  onBrokenLinks: 'throw',
  customFields: { sandboxUrl },
  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: { routeBasePath: '/', sidebarPath: false },
        blog: false,
        theme: { customCss: './src/css/custom.css' },
      }),
    ],
  ],
  themeConfig: {
    navbar: { title: 'Habit Tracker API' },
    colorMode: { respectPrefersColorScheme: true },
  },
}

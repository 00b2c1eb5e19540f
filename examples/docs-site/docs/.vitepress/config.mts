import { defineConfig } from 'vitepress'
import { sandboxUrlFrom } from './sandbox'

const sandboxUrl = sandboxUrlFrom(process.env.VITE_SANDBOX_URL)

export default defineConfig({
  title: 'Habit Tracker developer docs',
  description: 'A docs site with live Developer Sandbox examples and the API reference.',
  // embed.js turns every <div data-sandbox-example> into a sized iframe, including ones rendered later on the client.
  head: [['script', { src: `${sandboxUrl}embed.js`, async: '' }]],
  themeConfig: {
    nav: [{ text: 'API reference (full page)', link: `${sandboxUrl}reference.html` }],
  },
})

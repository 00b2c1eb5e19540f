import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.tsx'],
  addons: ['@storybook/addon-vitest'],
  // public/ holds mockServiceWorker.js, which the stories' worker registers.
  staticDirs: ['../public'],
  // Nothing leaves the machine: no usage reports, no version check.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
}

export default config

/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    // fake-indexeddb/auto first: the handlers module creates the sandbox over globalThis.indexedDB.
    setupFiles: ['fake-indexeddb/auto', './tests/setup.ts'],
    include: ['tests/**/*.test.{ts,tsx}'],
  },
})

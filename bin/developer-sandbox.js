#!/usr/bin/env node
/**
 * The `developer-sandbox` command. From the installed package it runs the compiled CLI (dist-lib).
 * In a clone of the repository, where dist-lib is built from the sources beside it, it first builds
 * what is missing or older than those sources, so `npx developer-sandbox …` runs there as printed.
 */
import { existsSync } from 'node:fs'

const clone = new URL('../scripts/build-if-stale.mjs', import.meta.url)
if (existsSync(clone)) {
  const { buildIfStale } = await import(clone.href)
  buildIfStale(process.argv.slice(2))
}
await import('../dist-lib/server/bin.js')

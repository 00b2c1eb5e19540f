#!/usr/bin/env node
/**
 * The command's first module. It turns on Node's compile cache before the command itself loads: that is
 * one large module (scripts/bundle-command.mjs), and compiling it was a good part of serve's time to its
 * first answer. Each later start reads the compiled code from the cache (NODE_COMPILE_CACHE, else
 * node-compile-cache in the system's temporary folder), which Node checks against the file's contents.
 */
import { enableCompileCache } from 'node:module'

enableCompileCache()
await import('./command.ts')

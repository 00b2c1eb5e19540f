/** Bundles `distLib`/server/bin.js in place, from the modules compiled beside it. */
export function bundleCommand(distLib: string): void

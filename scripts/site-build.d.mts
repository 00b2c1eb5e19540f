/** A hash of the site's sources and of the base path it is built for. */
export function sourcesHash(base?: string): string
/** The folder holding the site built from the sources as they are now (built first when missing). */
export function builtSite(): string

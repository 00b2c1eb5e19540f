/** Returns the source of the standalone validators module. */
export function generateValidators(): string

/** Returns the source of the examples module: real answers of the core, per operation and status. */
export function generateOpenApiExamples(): Promise<string>

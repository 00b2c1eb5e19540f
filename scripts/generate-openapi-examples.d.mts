/** Returns the source of the examples module: real answers of the core, per operation and status. */
export function generateOpenApiExamples(): Promise<string>
/** Returns the source of the request examples' answers: what the core answers to each documented request body. */
export function generateRequestExampleAnswers(): Promise<string>

/** ajv settings shared by the build-time generator and the benchmarks' bare baseline. */
export const AJV_OPTIONS = { allErrors: true, strict: true, strictTypes: false } as const

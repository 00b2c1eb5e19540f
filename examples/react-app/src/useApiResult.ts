import type { ApiResult } from 'developer-sandbox/client'
import { useEffect, useState } from 'react'

/** Runs one API call when the component mounts; undefined until it answers. Errors are results too. */
export function useApiResult<Body>(call: () => Promise<ApiResult<Body>>): ApiResult<Body> | undefined {
  const [result, setResult] = useState<ApiResult<Body>>()
  // biome-ignore lint/correctness/useExhaustiveDependencies: one call per mount, as the views want.
  useEffect(() => {
    let current = true
    call().then((answer) => {
      if (current) setResult(answer)
    })
    return () => {
      current = false
    }
  }, [])
  return result
}

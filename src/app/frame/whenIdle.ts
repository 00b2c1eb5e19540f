/** Runs `run` once the page is idle, or after 5 s at the latest; a second later where the browser has no idle callbacks. */
export const whenIdle = (run: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 5_000 })
  else setTimeout(run, 1_000)
}

import { useRuntime } from '../state/runtime/runtimeStore.ts'

/** Which sandbox answers for this page and whether it does, always in view. */
export function WorkerStatus() {
  const state = useRuntime((runtime) => runtime)
  const [tone, text, title] =
    state.phase === 'ready' && state.connection.host.kind !== 'tab'
      ? (['ok', `Sandbox: ${state.connection.host.label}`, 'This page manages that sandbox through its API and control API.'] as const)
      : state.phase === 'locked'
        ? (['pending', `Sandbox: ${state.host.label}`, 'Waiting for the admin token.'] as const)
        : state.phase === 'gone'
          ? (['error', `Sandbox gone: ${state.host.label}`, state.reason] as const)
          : state.phase === 'ready'
            ? ([
                'ok',
                `Worker active · ready ${state.readyMs} ms after navigation`,
                `The MSW worker (${state.workerUrl}) answers every request to /api/developer/v1 in this tab.`,
              ] as const)
            : state.phase === 'starting'
              ? (['pending', 'Starting the worker…', 'Opening IndexedDB and registering the mock service worker.'] as const)
              : (['error', 'Worker not available', state.problem.title] as const)
  return (
    <p className={`worker-status worker-${tone}`} role="status" title={title} data-testid="worker-status" data-phase={state.phase}>
      <span className="dot" aria-hidden="true" />
      {text}
    </p>
  )
}

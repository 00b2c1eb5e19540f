/**
 * The base class workerd asks Durable Objects to extend, by its shape; a
 * Worker project's `@cloudflare/workers-types` declares the full module.
 */
declare module 'cloudflare:workers' {
  export abstract class DurableObject<Env = unknown> {
    constructor(ctx: import('./platform.ts').DurableObjectState, env: Env)
    protected ctx: import('./platform.ts').DurableObjectState
    protected env: Env
  }
}

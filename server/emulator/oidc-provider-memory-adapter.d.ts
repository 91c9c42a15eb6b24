/** oidc-provider's own in-memory adapter (untyped deep module): a factory of adapters per model. */
declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  import type { Adapter } from 'oidc-provider';
  export function createMemoryAdapter(clockTolerance?: number): (model: string) => Adapter;
}

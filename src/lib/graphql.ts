import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

/** Documents typed from server/emulator/schema.graphql (regenerate with `npm run gql:generate`). */
export const graphql = initGraphQLTada<{ introspection: introspection }>();

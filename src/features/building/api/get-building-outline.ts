import { useQuery } from 'urql';
import { graphql, type ResultOf } from '@/lib/graphql';

/** The spec's drill-down shape, by name (the only filter it shows), always through variables. */
export const buildingOutlineQuery = graphql(`
  query BuildingOutline($name: String!) {
    buildings(where: { name: { eq: $name } }) {
      id
      name
      levels {
        name
        rooms {
          name
        }
      }
    }
  }
`);

export type BuildingOutline = ResultOf<typeof buildingOutlineQuery>['buildings'][number];
export type LevelOutline = NonNullable<BuildingOutline['levels']>[number];

export interface BuildingOutlineState {
  fetching: boolean;
  /** The failure when there is nothing to show. */
  error: Error | undefined;
  /** Messages of a partial answer: data is shown, with a warning. */
  partialErrors: string[];
  /** The building with this id among those sharing its name; undefined when absent. */
  outline: BuildingOutline | undefined;
  retry: () => void;
}

export function useBuildingOutline(
  building: { id: string; name: string | null } | undefined,
): BuildingOutlineState {
  const name = building?.name ?? '';
  const [result, reexecute] = useQuery({
    query: buildingOutlineQuery,
    variables: { name },
    pause: !building || name === '',
  });
  const hasData = result.data !== undefined;
  return {
    fetching: result.fetching || (!hasData && !result.error && name !== ''),
    error: !hasData ? (result.error?.networkError ?? result.error) : undefined,
    partialErrors: hasData ? (result.error?.graphQLErrors.map((error) => error.message) ?? []) : [],
    // Names are not unique: keep the result whose id matches.
    outline: result.data?.buildings.find((candidate) => candidate.id === building?.id),
    retry: () => reexecute({ requestPolicy: 'network-only' }),
  };
}

import { useNavigation, useSearchParams } from 'react-router-dom';

/**
 * A page's state in its URL's query: read it, and change it with replace entries. A change
 * arriving while the person is already going somewhere else (a debounced filter landing just
 * after a click on a result) is dropped, so it cannot pull them back to the page they left.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const update = (changes: Record<string, string | undefined>) => {
    if (navigation.state !== 'idle') return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes))
          if (value) next.set(key, value);
          else next.delete(key);
        return next;
      },
      { replace: true },
    );
  };
  return [params, update] as const;
}

/**
 * The part of a page's state a route keeps in the URL, handed to a feature that never reads the
 * URL itself: the current values of `keys`, and how to change them.
 */
export interface UrlView<Key extends string> {
  values: Record<Key, string | null>;
  change: (changes: Partial<Record<Key, string | undefined>>) => void;
}

export function useUrlView<Key extends string>(keys: readonly Key[]): UrlView<Key> {
  const [params, update] = useUrlParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key)])) as Record<
    Key,
    string | null
  >;
  return { values, change: update as UrlView<Key>['change'] };
}

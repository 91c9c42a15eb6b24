/**
 * What a link made from the portfolio index carries in the router's state: when the index that
 * named the place was made. A page that then cannot find the place says the index is older than
 * the platform's answer, not that the link is wrong.
 */
export interface IndexLinkState {
  indexAsOf: string;
}

export const indexLinkState = (asOf: string): IndexLinkState => ({ indexAsOf: asOf });

export function readIndexLinkState(state: unknown): IndexLinkState | undefined {
  return typeof state === 'object' &&
    state !== null &&
    typeof (state as { indexAsOf?: unknown }).indexAsOf === 'string'
    ? { indexAsOf: (state as IndexLinkState).indexAsOf }
    : undefined;
}

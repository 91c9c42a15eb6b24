import { expect } from 'vitest';
import { emulatorIssuedToken, signedJwt } from './token-patterns';

export { emulatorIssuedToken, signedJwt };

/**
 * Fails when `text` holds any of `secrets` or a match of `token`: what a browser received or a
 * log kept must never carry the service account's credentials.
 */
export function expectNoLeaks(
  text: string,
  { secrets = [], token = signedJwt }: { secrets?: Iterable<string>; token?: RegExp },
  where = 'a response or a log',
): void {
  for (const secret of secrets)
    expect(text.includes(secret), `a client secret reached ${where}`).toBe(false);
  expect(token.exec(text)?.[0], `an access token reached ${where}`).toBeUndefined();
}

import { afterAll } from 'vitest';
import { emulatorIssuedToken, expectNoLeaks } from '../../support/leaks';
import { leakWatch } from './leak-watch';

// After each server test file: nothing its BFFs answered or logged holds a client secret or a
// token the emulator issued. (The emulator's own token format: some tests relay a JWT the
// platform sent as data, which is not a leak.)
afterAll(() => {
  expectNoLeaks(leakWatch.captured.join('\n'), {
    secrets: leakWatch.secrets,
    token: emulatorIssuedToken,
  });
});

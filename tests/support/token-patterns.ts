// Plain patterns, no test runner: the server tests (Vitest) and the browser tests (Playwright)
// look for leaked tokens with the same ones.

/**
 * A signed JWT (header, claims, signature; the first two base64url JSON objects): any access or
 * ID token an OAuth server issues.
 */
export const signedJwt = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/;

/**
 * The emulator's issued tokens, whose encoded header is always this. Narrower than `signedJwt`:
 * for text that may carry a JWT the platform itself sent as data (the hostile-answer tests).
 */
export const emulatorIssuedToken = /eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9\.[\w-]+\.[\w-]+/;

/**
 * Everything any BFF in the current test file answered or logged, and every secret it was given.
 * The harness fills it; leak-scan.ts, a setup file of the server project, checks it after the
 * file's tests, so no file has to remember to.
 */
export const leakWatch = { captured: [] as string[], secrets: new Set<string>() };

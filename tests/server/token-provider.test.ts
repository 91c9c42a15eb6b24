import { describe, expect, it, vi } from 'vitest';
import { createTokenProvider, renewalMarginSeconds } from '../../server/platform/token-provider';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
}

describe('token provider', () => {
  it('renews a minute early for hour-long tokens, proportionally for shorter ones, at least a second', () => {
    expect(renewalMarginSeconds(3599)).toBeCloseTo(59.98, 1);
    expect(renewalMarginSeconds(7200)).toBe(60);
    expect(renewalMarginSeconds(600)).toBe(10);
    expect(renewalMarginSeconds(30)).toBe(1);
    expect(renewalMarginSeconds(5)).toBe(1);
    expect(renewalMarginSeconds(2)).toBeCloseTo(0.4);
  });

  it('shares one in-flight request among 1,000 concurrent callers', async () => {
    const requestToken = vi.fn(async () => ({ value: 'token-1', expiresInSeconds: 3599 }));
    const provider = createTokenProvider({ requestToken });
    const tokens = await Promise.all(Array.from({ length: 1000 }, () => provider.getToken()));
    expect(requestToken).toHaveBeenCalledTimes(1);
    expect(new Set(tokens)).toEqual(new Set(['token-1']));
  });

  it('reuses the token until the renewal point, then fetches a new one', async () => {
    const time = clock();
    let issued = 0;
    const provider = createTokenProvider({
      requestToken: async () => ({ value: `token-${++issued}`, expiresInSeconds: 3599 }),
      now: time.now,
    });
    expect(await provider.getToken()).toBe('token-1');
    time.advance(3599 - 61);
    expect(await provider.getToken()).toBe('token-1');
    time.advance(2);
    expect(await provider.getToken()).toBe('token-2');
  });

  it('does not cache a failed request: the next call tries again', async () => {
    const requestToken = vi
      .fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce({ value: 'token-2', expiresInSeconds: 60 });
    const provider = createTokenProvider({ requestToken });
    await expect(provider.getToken()).rejects.toThrow('down');
    expect(await provider.getToken()).toBe('token-2');
  });

  it('keeps using a still-valid token when its early renewal fails', async () => {
    const time = clock();
    const requestToken = vi
      .fn()
      .mockResolvedValueOnce({ value: 'token-1', expiresInSeconds: 100 })
      .mockRejectedValueOnce(new Error('down'));
    const provider = createTokenProvider({ requestToken, now: time.now });
    await provider.getToken();
    time.advance(90);
    expect(await provider.getToken()).toBe('token-1');
    time.advance(11);
    await expect(provider.getToken()).rejects.toThrow();
  });

  it('forgets a refused token so the next call gets a fresh one', async () => {
    let issued = 0;
    const provider = createTokenProvider({
      requestToken: async () => ({ value: `token-${++issued}`, expiresInSeconds: 3599 }),
    });
    const first = await provider.getToken();
    provider.invalidate('some-other-token');
    expect(await provider.getToken()).toBe(first);
    provider.invalidate(first);
    expect(await provider.getToken()).toBe('token-2');
  });
});

import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * Emotion's style cache, carrying the nonce the BFF put into this page (index.html's
 * `<meta property="csp-nonce">`), so the <style> elements MUI injects satisfy a CSP without
 * 'unsafe-inline'. Browsers hide a nonce from getAttribute once the CSP applies; `.nonce` keeps it.
 */
export function createStyleCache(): EmotionCache {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  return createCache({ key: 'css', ...(nonce ? { nonce } : {}) });
}

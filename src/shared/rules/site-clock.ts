/** Time as Storey counts it: the units, and a date formatter on a site's own clock. */
export const minuteMs = 60 * 1000;
export const hourMs = 60 * minuteMs;
export const dayMs = 24 * hourMs;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A date formatter on the clock of `timeZone`, made once per zone and purpose (`purpose` names the
 * options: they are the same for every call that passes it). An unknown or missing zone reads as
 * UTC: the comfort hours and the energy days treat a site without a known zone alike.
 */
export function clockIn(
  timeZone: string | null | undefined,
  purpose: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const zone = timeZone || 'UTC';
  const key = `${purpose}\u0000${zone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

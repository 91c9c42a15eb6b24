import { z } from '../zod.ts';

/**
 * How Storey reads one field of what the platform sends. The interface specification marks no
 * field as required and leaves the Site, Floor and Space records unshown, and a real platform
 * differs from Storey's emulator: every field may be absent, `null`, of another type or out of
 * any plausible range. Each reader below turns all of those into `null` ("unknown"), never into 0
 * and never into a failure of the whole record, list or screen. Only a record without a usable
 * id cannot be kept (records.ts).
 */

/** Ids as Storey can use them in paths and keys: GUIDs, 8 hex digits, strings of digits. */
export const platformIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
export const platformIdRule = 'an id must be 1–64 letters, digits, "-" or "_"';

export const isPlatformId = (value: unknown): value is string =>
  typeof value === 'string' && platformIdPattern.test(value);

/** The longest name Storey keeps; longer ones are cut and end in "…". */
export const maxTextLength = 300;

// C0 controls and DEL: PostgreSQL refuses U+0000 in text, and none belongs in a name. Line
// breaks and tabs become spaces; the rest go.
const lineControls = /[\t\n\r\v\f]/g;
// eslint-disable-next-line no-control-regex
const otherControls = /[\u0000-\u0008\u000e-\u001f\u007f]/g;

/** A name or label as Storey keeps it: no control characters, at most `maxTextLength` long. */
export function cleanText(text: string): string {
  const clean = text.replace(lineControls, ' ').replace(otherControls, '');
  return clean.length > maxTextLength ? `${clean.slice(0, maxTextLength - 1)}…` : clean;
}

/** Text; anything else is unknown. */
export const optionalText = z.catch(z.nullable(z.pipe(z.string(), z.transform(cleanText))), null);

/** An id of another record (a building's site, a space's floor); unusable → unknown. */
export const optionalId = z.catch(z.nullable(z.string().check(z.regex(platformIdPattern))), null);

/** The largest count Storey believes: more floors, spaces or devices than any building has. */
export const maxPlausibleCount = 10_000_000;

/** A count (floors, spaces, devices): a whole number from 0 to `maxPlausibleCount`. */
export const optionalCount = z.catch(
  z.nullable(z.int().check(z.minimum(0), z.maximum(maxPlausibleCount))),
  null,
);

/**
 * The largest area Storey believes, in m²: ten square kilometres under one roof. Beyond it, or
 * below zero, an area is unknown (two of 1.5e308 once made every total overflow).
 */
export const maxPlausibleArea = 10_000_000;

/**
 * An area in m²: a finite number above 0, up to `maxPlausibleArea`. Platforms send 0 where no area
 * was recorded (the field notes: "area, often 0"), and no building, floor or room has none: 0 is
 * unknown here, as a missing area is, so no total adds it and no screen shows it as a figure.
 */
export const optionalArea = z.catch(
  z.nullable(z.number().check(z.gt(0), z.maximum(maxPlausibleArea))),
  null,
);

export const optionalBoolean = z.catch(z.nullable(z.boolean()), null);

/** An IANA time zone this runtime knows ("Europe/London"); an unknown one is no time zone. */
export const optionalTimeZone = z.catch(
  z.nullable(
    z.string().check(
      z.refine((zone) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }),
    ),
  ),
  null,
);

/** A date-time the platform wrote (ISO 8601, any fraction): as text, when it reads as a time. */
export const optionalTimestamp = z.catch(
  z.nullable(z.string().check(z.refine((text) => !Number.isNaN(Date.parse(text))))),
  null,
);

/**
 * A site's history retention, "30.00:00:00" (days.hours:minutes:seconds, as .NET writes a
 * TimeSpan), as whole days; unknown when absent or unreadable.
 */
export const optionalRetentionDays = z.catch(
  z.nullable(
    z.pipe(
      z.string().check(z.regex(/^\d{1,5}\.\d{2}:\d{2}:\d{2}(\.\d+)?$/)),
      z.transform((span) => Number(span.split('.')[0])),
    ),
  ),
  null,
);

// Made once: a schema made per entry cost 10,000 buildings' listing most of its parse time.
const metadataPair = z.object({ name: z.string(), value: optionalText });

/** `[{name, value}]` pairs; entries that are not such a pair are left out. */
export const metadataEntries = z.catch(
  z.pipe(
    z.array(z.unknown()),
    z.transform((entries) =>
      entries.flatMap((entry) => {
        const pair = metadataPair.safeParse(entry);
        return pair.success ? [{ name: cleanText(pair.data.name), value: pair.data.value }] : [];
      }),
    ),
  ),
  [],
);

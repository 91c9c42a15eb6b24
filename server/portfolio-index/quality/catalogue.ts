/**
 * The data-quality rules as a facility manager reads them: each rule's words, severity and what to
 * do, and what a finding costs a building's score. The checks that find them are in rules.ts.
 */
export type Severity = 'error' | 'warning' | 'info';

export interface Rule {
  id: string;
  severity: Severity;
  title: string;
  /** One line: what is wrong and why it matters. */
  explanation: string;
  /** The listing fields it reads (the comparison marks measures computed from them). */
  fields: readonly string[];
  /** Reads a building's floors and rooms, not just its record. */
  deep: boolean;
}

export const rules = [
  {
    id: 'name-missing',
    severity: 'error',
    title: 'Name missing',
    explanation:
      'The building has no name, so people cannot find it and the floors cannot be looked up.',
    fields: ['name'],
    deep: false,
  },
  {
    id: 'reference-missing',
    severity: 'warning',
    title: 'Reference missing',
    explanation: 'The building has no reference id, which other systems use to match it.',
    fields: ['referenceId'],
    deep: false,
  },
  {
    id: 'name-duplicate-in-site',
    severity: 'warning',
    title: 'Same name as another building on its site',
    explanation: 'Two buildings on one site share a name, so people cannot tell them apart.',
    fields: ['name', 'siteId'],
    deep: false,
  },
  {
    id: 'name-duplicate-in-portfolio',
    severity: 'info',
    title: 'Same name as a building on another site',
    explanation: 'Another site has a building of the same name; check that is intended.',
    fields: ['name'],
    deep: false,
  },
  {
    id: 'area-missing',
    severity: 'error',
    title: 'Area missing',
    explanation: 'The area is 0 or not given, so no figure per square metre can be worked out.',
    fields: ['area'],
    deep: false,
  },
  {
    id: 'area-per-floor-implausible',
    severity: 'warning',
    title: 'Implausible area per floor',
    explanation: 'The area divided by the floors is outside what a building can have.',
    fields: ['area', 'floorCount'],
    deep: false,
  },
  {
    id: 'area-per-space-implausible',
    severity: 'warning',
    title: 'Implausible area per space',
    explanation: 'The area divided by the spaces is outside what a room can have.',
    fields: ['area', 'spaceCount'],
    deep: false,
  },
  {
    id: 'devices-without-structure',
    severity: 'error',
    title: 'Devices on a building without floors or spaces',
    explanation:
      'Devices or measurements are counted on a building that has no floors or spaces: they cannot be placed.',
    fields: ['deviceCount', 'measurementCount', 'floorCount', 'spaceCount'],
    deep: false,
  },
  {
    id: 'counts-not-included',
    severity: 'info',
    title: 'Device and measurement counts not included',
    explanation:
      'The platform did not include device and measurement counts, so portfolio totals leave this building out.',
    fields: ['includesDeviceAndMeasurementCounts'],
    deep: false,
  },
  {
    id: 'floor-count-mismatch',
    severity: 'warning',
    title: 'Floor counts disagree',
    explanation: "The building's floor count, its list of floors and its drill-down do not agree.",
    fields: ['floorCount'],
    deep: true,
  },
  {
    id: 'space-count-mismatch',
    severity: 'warning',
    title: 'Space count disagrees with the rooms',
    explanation: "The building's space count differs from the rooms its floors hold.",
    fields: ['spaceCount'],
    deep: true,
  },
  {
    id: 'floor-area-sum-mismatch',
    severity: 'warning',
    title: "Floor areas do not add up to the building's",
    explanation:
      "The floors' areas add up to more or less than the building's area, beyond the tolerance.",
    fields: ['area'],
    deep: true,
  },
  {
    id: 'floor-without-rooms',
    severity: 'info',
    title: 'Floor without rooms',
    explanation: 'A floor has no rooms; check whether they are missing.',
    fields: [],
    deep: true,
  },
  {
    id: 'room-name-duplicate',
    severity: 'info',
    title: 'Rooms of the same name on a floor',
    explanation: 'Several rooms on one floor share a name; people may mix them up.',
    fields: [],
    deep: true,
  },
  {
    id: 'site-without-buildings',
    severity: 'info',
    title: 'Site without buildings',
    explanation: 'The site has no buildings this account can see.',
    fields: [],
    deep: false,
  },
] as const satisfies readonly Rule[];

export type RuleId = (typeof rules)[number]['id'];
export const ruleById: ReadonlyMap<string, Rule> = new Map(rules.map((rule) => [rule.id, rule]));

/**
 * What a finding costs a building's score, by severity. A rule costs once however often it is
 * found (60 rooms sharing names on 60 floors are one note, not 60): a building with only notes
 * stays at 90 or above, one with an error is at most 75.
 */
export const scoreWeights: Readonly<Record<Severity, number>> = { error: 25, warning: 10, info: 2 };

/** The formula in words, as the quality page shows it. */
export const scoreFormula =
  `Each building starts at 100 and loses ${scoreWeights.error} points for each rule it breaks ` +
  `with an error, ${scoreWeights.warning} for each warning and ${scoreWeights.info} for each note; ` +
  'a rule counts once however often it is found, and no score goes below 0. ' +
  "A group's score (the portfolio, an organization, a site) is the mean of its buildings' scores.";

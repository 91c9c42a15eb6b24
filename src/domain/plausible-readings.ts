/**
 * Readings a sensor cannot have meant: outside the physical range of its kind (an 85 °C office),
 * or a lone spike far from both neighbours while they agree (a CO₂ sensor's 5,000 ppm blip). They
 * are kept out of the axis, so they do not flatten every real reading, and are listed instead.
 */
export interface TimedValue {
  time: number;
  value: number;
}

/** How many typical steps a lone jump must exceed to count as a spike. */
const spikeFactor = 12;

function typicalStepSize(points: readonly TimedValue[]): number {
  if (points.length < 2) return 0;
  // A typed array sorts numerically without a comparator call per pair (a floor: 500,000).
  const steps = new Float64Array(points.length - 1);
  for (let index = 1; index < points.length; index++)
    steps[index - 1] = Math.abs(points[index]!.value - points[index - 1]!.value);
  steps.sort();
  return steps[Math.floor(steps.length / 2)]!;
}

/**
 * The readings to draw and those left out. When none is left out, `kept` is `points` itself, so
 * what was worked out for the series (its usual step) is not worked out again for a copy.
 */
export function splitImplausible<Point extends TimedValue>(
  points: readonly Point[],
  kind: { plausible?: readonly [number, number] | undefined; spikes?: boolean | undefined },
): { kept: readonly Point[]; implausible: Point[] } {
  const [low, high] = kind.plausible ?? [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  let inRange: readonly Point[] = points;
  const outOfRange: Point[] = [];
  if (points.some((point) => !(point.value >= low && point.value <= high))) {
    inRange = points.filter((point) => point.value >= low && point.value <= high);
    for (const point of points)
      if (!(point.value >= low && point.value <= high)) outOfRange.push(point);
  }
  if (!kind.spikes || inRange.length < 3) return { kept: inRange, implausible: outOfRange };
  const threshold = spikeFactor * typicalStepSize(inRange);
  if (threshold <= 0) return { kept: inRange, implausible: outOfRange };
  const isSpike = (index: number) => {
    const point = inRange[index]!;
    const before = inRange[index - 1];
    const after = inRange[index + 1];
    return (
      before !== undefined &&
      after !== undefined &&
      Math.abs(point.value - before.value) > threshold &&
      Math.abs(point.value - after.value) > threshold &&
      Math.abs(before.value - after.value) < threshold / 2
    );
  };
  const spikes: Point[] = [];
  for (let index = 1; index < inRange.length - 1; index++)
    if (isSpike(index)) spikes.push(inRange[index]!);
  if (spikes.length === 0) return { kept: inRange, implausible: outOfRange };
  return {
    kept: inRange.filter((_point, index) => !isSpike(index)),
    implausible: [...outOfRange, ...spikes].sort((a, b) => a.time - b.time),
  };
}

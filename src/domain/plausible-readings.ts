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
  const steps: number[] = [];
  for (let index = 1; index < points.length; index++)
    steps.push(Math.abs(points[index]!.value - points[index - 1]!.value));
  if (steps.length === 0) return 0;
  steps.sort((a, b) => a - b);
  return steps[Math.floor(steps.length / 2)]!;
}

export function splitImplausible(
  points: readonly TimedValue[],
  kind: { plausible?: readonly [number, number] | undefined; spikes?: boolean | undefined },
): { kept: TimedValue[]; implausible: TimedValue[] } {
  const [low, high] = kind.plausible ?? [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  const inRange = points.filter((point) => point.value >= low && point.value <= high);
  const outOfRange = points.filter((point) => point.value < low || point.value > high);
  if (!kind.spikes || inRange.length < 3) return { kept: inRange, implausible: outOfRange };
  const threshold = spikeFactor * typicalStepSize(inRange);
  if (threshold <= 0) return { kept: inRange, implausible: outOfRange };
  const kept: TimedValue[] = [];
  const spikes: TimedValue[] = [];
  inRange.forEach((point, index) => {
    const before = inRange[index - 1];
    const after = inRange[index + 1];
    const spike =
      before !== undefined &&
      after !== undefined &&
      Math.abs(point.value - before.value) > threshold &&
      Math.abs(point.value - after.value) > threshold &&
      Math.abs(before.value - after.value) < threshold / 2;
    (spike ? spikes : kept).push(point);
  });
  return {
    kept,
    implausible: [...outOfRange, ...spikes].sort((a, b) => a.time - b.time),
  };
}

/**
 * Which readings stay off a chart's axis: outside the kind's physical range, or a lone spike far
 * from both neighbours while they agree. Real changes (a room filling up, a setpoint's step) stay.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measurementKind } from '@/shared/rules/measurement-kinds';
import { splitImplausible } from '@/domain/plausible-readings';

const series = (values: number[]) =>
  values.map((value, index) => ({ time: index * 900_000, value }));
const temperature = measurementKind('Air_Temperature_Sensor');
const co2 = measurementKind('CO2_Sensor');

describe('implausible readings', () => {
  it('leaves out a temperature outside the physical range of air in a building', () => {
    const { kept, implausible } = splitImplausible(
      series([21.1, 21.3, 85, 21.2, 21.4, -45]),
      temperature,
    );
    expect(implausible.map((point) => point.value)).toEqual([85, -45]);
    expect(kept).toHaveLength(4);
  });

  it('leaves out a lone CO₂ spike, but keeps a room filling up and emptying', () => {
    const filling = [430, 440, 520, 650, 800, 950, 1080, 1100, 1090, 900, 700, 520, 450];
    const quiet = Array.from({ length: 40 }, (_, index) => 420 + (index % 3) * 8);
    const values = [...quiet, ...filling, ...quiet.slice(0, 10), 4900, ...quiet.slice(10)];
    const { kept, implausible } = splitImplausible(series(values), co2);
    expect(implausible.map((point) => point.value)).toEqual([4900]);
    expect(kept.map((point) => point.value)).toEqual(expect.arrayContaining(filling));
  });

  it('keeps every reading of a kind without spike detection, and of a steady series', () => {
    const setpoint = measurementKind('Air_Temperature_Setpoint');
    const steps = series([16, 16, 21, 21, 21, 16, 16, 21]);
    expect(splitImplausible(steps, setpoint).implausible).toEqual([]);
    expect(splitImplausible(series([21, 21, 21, 21]), temperature).implausible).toEqual([]);
  });

  it('keeps the series itself when nothing is left out, so nothing is copied or worked out again', () => {
    const steady = series([21.1, 21.3, 21.2, 21.4, 21.3]);
    expect(splitImplausible(steady, temperature).kept).toBe(steady);
    const air = series([430, 450, 470, 460, 440]);
    expect(splitImplausible(air, co2).kept).toBe(air);
  });

  it('splits every series into kept and left-out readings, none lost, none twice, in order', () => {
    const values = fc.array(
      fc.oneof(
        fc.double({ min: 15, max: 30, noNaN: true }),
        fc.double({ min: -100, max: 200, noNaN: true }),
      ),
      { maxLength: 80 },
    );
    fc.assert(
      fc.property(values, fc.constantFrom(temperature, co2), (numbers, kind) => {
        const points = series(numbers);
        const { kept, implausible } = splitImplausible(points, kind);
        const [low, high] = kind.plausible!;
        expect(kept.every((point) => point.value >= low && point.value <= high)).toBe(true);
        expect(
          implausible.every(
            (point, index) => index === 0 || implausible[index - 1]!.time <= point.time,
          ),
        ).toBe(true);
        expect([...kept, ...implausible].sort((a, b) => a.time - b.time)).toEqual(points);
      }),
    );
  });
});

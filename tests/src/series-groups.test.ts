/** Which history series share a chart and an axis. */
import { describe, expect, it } from 'vitest';
import { measurementKind } from '@/shared/rules/measurement-kinds';
import { groupByKindAndUnit, type NamedSeries } from '@/domain/series-groups';

const named = (id: string, type: string | undefined, unit: string, source = id): NamedSeries => ({
  id,
  kind: type ? measurementKind(type) : undefined,
  unit,
  source,
  label: type ? measurementKind(type).label : `Measurement ${id}`,
});

describe('groupByKindAndUnit', () => {
  it('draws every series of one kind and unit on one chart, in the order they came', () => {
    const groups = groupByKindAndUnit([
      named('t1', 'Air_Temperature_Sensor', '°C', 'Room 1'),
      named('c1', 'CO2_Sensor', 'ppm', 'Room 1'),
      named('t2', 'Zone_Air_Temperature_Sensor', '°C', 'Room 2'),
      named('c2', 'CO2_Sensor', 'ppm', 'Room 2'),
    ]);
    expect(groups.map((group) => group.title)).toEqual(['Air temperature (°C)', 'CO₂ (ppm)']);
    expect(groups[0]!.members.map((member) => member.source)).toEqual(['Room 1', 'Room 2']);
  });

  it('never puts two units on one axis, even of one kind', () => {
    const groups = groupByKindAndUnit([
      named('a', 'Air_Temperature_Sensor', '°C'),
      named('b', 'Air_Temperature_Sensor', '°F'),
    ]);
    expect(groups.map((group) => group.title)).toEqual([
      'Air temperature (°C)',
      'Air temperature (°F)',
    ]);
  });

  it('keeps each series nothing is known about on its own chart', () => {
    const groups = groupByKindAndUnit([named('1', undefined, ''), named('2', undefined, '')]);
    expect(groups.map((group) => group.title)).toEqual(['Measurement 1', 'Measurement 2']);
  });

  it('names a count without a unit by its kind alone', () => {
    expect(groupByKindAndUnit([named('o', 'Occupancy_Count_Sensor', '')])[0]!.title).toBe(
      'Occupancy count',
    );
  });
});

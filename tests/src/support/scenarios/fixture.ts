/**
 * The emulator's seeded portfolio every scenario answers from, and rooms tests pick out of it.
 */
import { generatePortfolio, resolvePortfolioOptions } from '../../../../server/emulator/portfolio';
import { spaceUseOf, type SpaceUse } from '@/shared/rules/space-bands';

export const fixture = generatePortfolio(resolvePortfolioOptions({ seed: 'storey' }));
export const fixtureBuildings = fixture.buildings.map((entry) => entry.record);

/**
 * The first room of the portfolio of a use (a server room, a store room) with an air-quality
 * sensor (three measurements or more): its space, type and path.
 */
export function fixtureRoomOfUse(use: SpaceUse) {
  for (const entry of fixture.buildings)
    for (const [position, floor] of fixture.floorsOf(entry).entries()) {
      const roomIndex = floor.spaces.findIndex(
        (candidate) =>
          candidate.measurementCount >= 3 && spaceUseOf(candidate.ontologyType) === use,
      );
      if (roomIndex >= 0)
        return {
          entry,
          space: floor.spaces[roomIndex]!,
          roomPath: `/buildings/${entry.record.id}/levels/${position}/rooms/${roomIndex}`,
        };
    }
  throw new Error(`The fixture has no ${use} room with sensors.`);
}

/**
 * A room with an air-quality sensor (three measurements or more) on level 1 of the building at
 * `buildingIndex`: its building, floor, space, position and path.
 */
export function fixtureRoomWithSensors(buildingIndex: number) {
  const entry = fixture.buildings[buildingIndex]!;
  const floor = fixture.floorsOf(entry)[1]!;
  // A room people work in: judged by the office bands the tests name.
  const roomIndex = floor.spaces.findIndex(
    (candidate) =>
      candidate.measurementCount >= 3 && spaceUseOf(candidate.ontologyType) === 'occupied',
  );
  return {
    entry,
    floor,
    space: floor.spaces[roomIndex]!,
    roomPath: `/buildings/${entry.record.id}/levels/1/rooms/${roomIndex}`,
  };
}

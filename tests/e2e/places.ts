import type { Page } from '@playwright/test';

/**
 * The path of a room with an air-quality sensor (three measurements or more) on level 1 of the
 * fourth building the BFF lists: a room with something to say now and in its history.
 */
export async function roomWithSensors(page: Page): Promise<string> {
  const headers = { 'X-CSRF': '1' };
  const [, , , building] = (await (
    await page.request.get('/api/Buildings?take=4', { headers })
  ).json()) as Array<{ id: string }>;
  const floors = (await (
    await page.request.get(`/api/Buildings/${building!.id}/Floors`, { headers })
  ).json()) as Array<{ id: string }>;
  const spaces = (await (
    await page.request.get(`/api/Floors/${floors[1]!.id}/Spaces`, { headers })
  ).json()) as Array<{ measurementCount: number }>;
  const room = spaces.findIndex((space) => space.measurementCount >= 3);
  return `/buildings/${building!.id}/levels/1/rooms/${room}`;
}

import { expect, type Page } from '@playwright/test';

/**
 * Asks the server at `path` until its answer shows `done`, and returns that answer: the demo's
 * first rounds (conditions, energy, alarms and their e-mails) run after it starts, and a walk that
 * opens their screens waits for them by asking, never by sleeping.
 */
export async function untilServerAnswers<Answer>(
  page: Page,
  path: string,
  done: (answer: Answer) => boolean,
  timeout = 60_000,
): Promise<Answer> {
  let answer: Answer | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(path, { headers: { 'x-csrf': '1' } });
        if (!response.ok()) return false;
        answer = (await response.json()) as Answer;
        return done(answer);
      },
      { timeout },
    )
    .toBe(true);
  return answer!;
}

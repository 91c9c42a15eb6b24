import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { openAlarms } from './support/alarm-scenarios';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import { attentionNothingChecked, fixtureAttention, fixtureEnergy } from './support/scenarios';

const ui = {
  lead: () => screen.findByRole('region', { name: 'Needs doing now' }),
  inventory: () => screen.findByRole('region', { name: 'Headline figures' }),
  card: (lead: HTMLElement, name: RegExp) => within(lead).findByRole('link', { name }),
};

/** Buildings whose meters are silent for six hours or did not count on a day: the Energy list. */
const stoppedBuildings = fixtureEnergy.filter(
  (row) => Date.now() - Date.parse(row.lastReadingAt!) > 6 * 3_600_000 || row.stuckDays > 0,
).length;

describe('The first screen leads with what needs doing now', () => {
  it('counts rooms out of band, unacknowledged alarms and stopped meters above the inventory', async () => {
    server.use(...openAlarms().handlers);
    renderApp('/');
    const lead = await ui.lead();
    // Before the inventory, not under it.
    expect(
      lead.compareDocumentPosition(await ui.inventory()) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const rooms = new Set(fixtureAttention(Date.now()).map((row) => row.roomId)).size;
    const roomsCard = await ui.card(lead, /rooms? out of band now: open Needs attention/);
    expect(roomsCard).toHaveAccessibleName(`${rooms} rooms out of band now: open Needs attention`);
    expect(roomsCard).toHaveAttribute('href', '/attention');
    expect(roomsCard).toHaveTextContent(/all \d+ buildings with sensors checked/);
    // openAlarms: four open, three not acknowledged, none assigned to the person.
    const alarmsCard = await ui.card(lead, /nobody has acknowledged/);
    expect(alarmsCard).toHaveAccessibleName('3 alarms nobody has acknowledged: open Alarms');
    expect(alarmsCard).toHaveTextContent('4 open in all');
    expect(alarmsCard).toHaveAttribute('href', '/alarms?view=unacknowledged');
    const metersCard = await ui.card(lead, /meters stopped or stuck/);
    expect(metersCard).toHaveAccessibleName(
      `${stoppedBuildings} ${stoppedBuildings === 1 ? 'building' : 'buildings'} whose meters stopped or stuck: open Energy`,
    );
    expect(metersCard).toHaveAttribute('href', '/energy?list=stopped');
  });

  it('says the count covers only the buildings checked so far', async () => {
    server.use(...attentionNothingChecked());
    renderApp('/');
    const card = await ui.card(await ui.lead(), /out of band now/);
    expect(card).toHaveAccessibleName('0 rooms out of band now: open Needs attention');
    expect(card).toHaveTextContent('No building checked yet');
  });

  it('leaves out what the person may not see, and keeps the rest', async () => {
    server.use(
      http.get('*/api/alarms', () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            status: 403,
            title: 'Forbidden',
            detail: 'Viewers have no worklist.',
          },
          { status: 403, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    renderApp('/');
    const lead = await ui.lead();
    expect(await ui.card(lead, /out of band now/)).toBeInTheDocument();
    expect(await ui.card(lead, /meters stopped or stuck/)).toBeInTheDocument();
    expect(within(lead).queryByRole('link', { name: /acknowledged/ })).not.toBeInTheDocument();
  });
});

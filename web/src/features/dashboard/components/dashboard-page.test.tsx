import type { DashboardResponse, UsersMomentsResponse } from '@switchboard/shared/contracts/dashboard';
import type { User } from '@switchboard/shared/contracts/auth';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until, type FakeRoute, type RecordedCall } from '../../../test-network.ts';
import { byTestId, click, renderSignedIn, sessionRoutes } from '../../../test-app.tsx';

/**
 * The dashboard (/) and the live panel (/moments) as the app renders them, against a fake API: the counters of each
 * tab, the filter panel asking for another period, the 403 page of a user without showDashboard, and the panel's
 * truncation and access-icon rules.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let calls: RecordedCall[];
const page = freshPageEachTest('pt');

const counters: DashboardResponse['counters'] = {
  supportHappening: 3,
  supportPending: 4,
  supportFinished: 11,
  supportGroups: 0,
  leads: 6,
  avgSupportTime: 12.5,
  avgWaitTime: 2.25,
  activeTickets: 2,
  passiveTickets: 13,
  npsScore: 50,
  npsPromotersPerc: 60,
  npsDetractorsPerc: 10,
  npsPassivePerc: 30,
  tickets: 15,
  waitRating: 1,
  withoutRating: 1,
  withRating: 10,
  percRating: 66.67,
};

const routesFor = (user: User, extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> => ({
  ...sessionRoutes(user),
  'GET /api/dashboard': () => ({
    status: 200,
    body: {
      counters,
      attendants: [
        { id: 5, name: 'Ana Souza', rating: 9.5, countRating: 2, tickets: 7, avgWaitTime: 1, avgSupportTime: 4, online: true },
      ],
    },
  }),
  'GET /api/dashboard/ticketsDay': () => ({
    status: 200,
    body: {
      data: [
        { data: '2026-11-02', total: 5 },
        { data: '2026-11-03', total: 10 },
      ],
      count: 15,
    },
  }),
  'GET /api/dashboard/ticketsUsers': () => ({ status: 200, body: { data: [{ nome: 'Ana Souza', quantidade: 7 }], count: 7 } }),
  ...extra,
});

const render = async (user: User, path: string, extra: Record<string, FakeRoute> = {}) => {
  calls = fakeNetwork(routesFor(user, extra));
  await renderSignedIn(page, path, user);
};

const text = (id: string) => byTestId(id)?.textContent ?? '';

describe('the dashboard', () => {
  it('shows the indicators, the charts, the NPS tab and the attendants of the period', async () => {
    await render(makeUser(), '/');
    await until(() => byTestId('dashboard-counter-supportHappening') !== null, 'the counters');
    expect(text('dashboard-counter-supportHappening')).toContain('3');
    // numbers, minutes, percentages and chart days as Portuguese writes them
    expect(text('dashboard-counter-avgWaitTime')).toContain('2,25 min');
    await until(() => text('dashboard-chart-day').includes('03/11'), 'the chart per day');
    expect(text('dashboard-chart-day')).not.toContain('2026-11-03');
    expect(text('dashboard-chart-user')).toContain('Ana Souza');
    expect(byTestId('dashboard-filter-toggle')?.textContent).toBe('Parametrizar el filtro');

    await click(byTestId('dashboard-tab-nps'));
    expect(text('dashboard-counter-npsScore')).toContain('50');
    expect(text('dashboard-counter-percRating')).toContain('66,7%');

    await click(byTestId('dashboard-tab-attendants'));
    expect(text('dashboard-attendants-table')).toContain('Ana Souza');
    expect(text('dashboard-attendants-table')).toContain('9,5');
  });

  it('asks for the period chosen in the filter panel', async () => {
    await render(makeUser(), '/');
    await until(() => byTestId('dashboard-counter-tickets') !== null, 'the counters');
    const first = calls.find((c) => c.path === '/api/dashboard')!;
    expect(first.search).toMatch(/^\?date_from=\d{4}-\d{2}-01&date_to=/);
    await click(byTestId('dashboard-filter-toggle'));
    await click(document.querySelector('#dashboard-mode-days'));
    await click(byTestId('dashboard-apply'));
    await until(() => calls.some((c) => c.path === '/api/dashboard' && c.search === '?days=30'), 'the 30 days read');
  });

  it('shows the 403 page to a profile user without showDashboard', async () => {
    await render(makeUser({ profile: 'user' }), '/');
    await until(() => byTestId('forbidden-page') !== null, 'the 403 page');
    expect(byTestId('forbidden-page')!.textContent).toContain('Oops! Accesso denegado!');
    expect(calls.some((c) => c.path === '/api/dashboard')).toBe(false);
  });
});

describe('the live attendance panel', () => {
  const moments: UsersMomentsResponse = {
    tickets: [
      {
        id: 1,
        uuid: 'uuid-1',
        status: 'open',
        userId: 5,
        user: { id: 5, name: 'Ana Souza' },
        contact: { id: 1, name: 'Maria Aparecida dos Santos Oliveira', urlPicture: null },
        lastMessage: 'Bom dia, gostaria de saber do meu pedido',
        whatsapp: { name: 'Chat do site' },
        queue: { id: 1, name: 'Vendas', color: '#22c55e' },
        unreadMessages: 2,
        updatedAt: '2026-11-25T10:00:00.000Z',
      },
      {
        id: 2,
        uuid: 'uuid-2',
        status: 'open',
        userId: 8,
        user: { id: 8, name: 'Bia' },
        contact: { id: 2, name: 'João', urlPicture: null },
        lastMessage: 'Oi',
        whatsapp: { name: 'Chat do site' },
        queue: null,
        unreadMessages: 0,
        updatedAt: '2026-11-25T10:05:00.000Z',
      },
    ],
    attendants: [
      { id: 5, name: 'Ana Souza', online: true },
      { id: 8, name: 'Bia', online: false },
    ],
    truncated: false,
  };

  it('lists each attendant’s tickets, truncated, with the access icon only on the viewer’s own', async () => {
    await render(makeUser({ profile: 'user', allowRealTime: 'enabled' }), '/moments', {
      'GET /api/usersMoments': () => ({ status: 200, body: moments }),
    });
    await until(() => byTestId('moments-ticket-1') !== null, 'the panel');
    expect(text('moments-ticket-1')).toContain('Maria Aparecida dos Santo...');
    expect(text('moments-ticket-1')).toContain('Bom dia, gostaria de saber ...');
    expect(text('moments-ticket-1')).toContain('Vendas');
    expect(text('moments-ticket-2')).toContain('SEM FILA');
    expect(byTestId('moments-open-1')?.getAttribute('href')).toBe('/tickets/uuid-1');
    expect(byTestId('moments-open-2')).toBeNull();
  });

  it('is refused to a profile user without allowRealTime', async () => {
    await render(makeUser({ profile: 'user' }), '/moments', { 'GET /api/usersMoments': () => ({ status: 200, body: moments }) });
    await until(() => byTestId('forbidden-page') !== null, 'the 403 page');
    expect(calls.some((c) => c.path === '/api/usersMoments')).toBe(false);
  });
});

import type { ReportTicket } from '@switchboard/shared/contracts/reports';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session-store.ts';
import { makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until, type FakeRoute, type RecordedCall } from '../../../test-network.ts';
import { byTestId, click, renderApp, sessionRoutes, typeInto } from '../../../test-app.tsx';
import type { User } from '@switchboard/shared/contracts/auth';

/**
 * /reports as the app renders it against a fake API: the first page of the month with 10 rows, the 5/10/20/50 pager
 * following the server's cursor and showing "page X of Y" from the server's total, the search box sending its text
 * once typing pauses, the filter button sending the panel's filters, the log action, and the 403 page for a profile
 * user without showDashboard.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let calls: RecordedCall[];
const ticket = (id: number): ReportTicket => ({
  id,
  uuid: `uuid-${id}`,
  whatsappName: 'Web chat',
  contactName: `Cliente ${String(id).padStart(2, '0')}`,
  userName: 'Ana',
  queueName: id % 2 ? 'Vendas' : null,
  status: 'closed',
  lastMessage: 'Obrigado',
  createdAt: '2026-11-03T12:00:00.000Z',
  closedAt: '2026-11-03T12:45:00.000Z',
  supportTime: 45,
  NPS: null,
});
const all = Array.from({ length: 14 }, (_, i) => ticket(14 - i));

const serve = (user: User, extra: Record<string, FakeRoute> = {}) => {
  sessionStore.setSession({ token: 'old', user });
  calls = fakeNetwork({
    ...sessionRoutes(user),
    'GET /api/whatsapp': () => ({ status: 200, body: [] }),
    'GET /api/users/list': () => ({ status: 200, body: [{ id: 5, name: 'Ana', profile: 'admin', queueIds: [] }] }),
    'GET /api/queue': () => ({ status: 200, body: [] }),
    'GET /api/ticketreport/reports': (_init, url) => {
      const size = Number(url.searchParams.get('pageSize'));
      const start = url.searchParams.get('cursor') ? Number(url.searchParams.get('cursor')) : 0;
      // the search text matches the contact name here; the server also matches numbers and ticket ids
      const text = url.searchParams.get('searchParam')?.toLowerCase();
      const found = text ? all.filter((t) => t.contactName.toLowerCase().includes(text)) : all;
      const tickets = found.slice(start, start + size);
      const hasMore = start + size < found.length;
      return {
        status: 200,
        body: {
          tickets,
          totalTickets: { total: found.length, exact: true },
          hasMore,
          nextCursor: hasMore ? String(start + size) : null,
          reachedAt: hasMore ? '2026-11-02T00:00:00.000Z' : null,
        },
      };
    },
    'GET /api/tickets-log/14': () => ({
      status: 200,
      body: [{ id: 'l1', type: 'create', ticketId: 14, user: null, queue: null, createdAt: '2026-11-03T12:00:00.000Z' }],
    }),
    ...extra,
  });
};

const page = freshPageEachTest('pt');
const render = (path: string) => renderApp(page, path);
const rowsText = () => [...document.querySelectorAll('[data-testid=reports-table] tbody tr')].map((tr) => tr.textContent ?? '');
const reportCalls = () => calls.filter((c) => c.path === '/api/ticketreport/reports').map((c) => new URLSearchParams(c.search));

describe('the ticket report page', () => {
  it('shows 10 tickets of this month by default and pages with the cursor', async () => {
    serve(makeUser());
    await render('/reports');
    await until(() => rowsText()[0]?.includes('Cliente 14') ?? false, 'the table');
    expect(rowsText()).toHaveLength(10);
    expect(rowsText()[1]).toContain('Vendas');
    expect(rowsText()[0]).toContain('SEM FILA');
    expect(rowsText()[0]).toContain('45m');
    expect(document.querySelector('.p-paginator .p-dropdown-label')?.textContent).toBe('10');
    const first = reportCalls()[0]!;
    expect(first.get('pageSize')).toBe('10');
    expect(new Date(first.get('dateFrom')!).getDate()).toBe(1);
    expect(byTestId('report-total')?.textContent).toBe('14 tickets');
    expect(document.querySelector('.p-paginator-current')?.textContent).toBe('Página 1 de 2');

    await click(document.querySelector('.p-paginator-next'));
    await until(() => rowsText()[0]?.includes('Cliente 04') ?? false, 'the second page');
    expect(reportCalls().at(-1)!.get('cursor')).toBe('10');
    expect(rowsText()).toHaveLength(4);
    expect(byTestId('report-total')?.textContent).toBe('14 tickets');
    expect(document.querySelector('.p-paginator-current')?.textContent).toBe('Página 2 de 2');
    expect(document.querySelector('.p-paginator-next')?.hasAttribute('disabled')).toBe(true);

    await click(document.querySelector('.p-paginator-prev'));
    await until(() => rowsText()[0]?.includes('Cliente 14') ?? false, 'back to the first page');
  }, 20_000);

  it('searches once typing pauses, from the first page, and counts the pages of what was found', async () => {
    serve(makeUser());
    await render('/reports');
    await until(() => rowsText().length === 10, 'the table');
    await click(document.querySelector('.p-paginator-next'));
    await until(() => rowsText().length === 4, 'the second page');
    const before = reportCalls().length;
    const box = byTestId('reports-search') as HTMLInputElement;
    expect(box.getAttribute('aria-label')).toBe('Pesquisar contato, número ou id do ticket');
    await typeInto(box, 'cliente 1');
    await typeInto(box, 'cliente 1 ');
    await until(() => rowsText().length === 5, 'the search result');
    // one call for the paused text, trimmed, without the cursor of the page shown before
    const searched = reportCalls().slice(before);
    expect(searched).toHaveLength(1);
    expect(searched[0]!.get('searchParam')).toBe('cliente 1');
    expect(searched[0]!.get('cursor')).toBeNull();
    expect(rowsText()[0]).toContain('Cliente 14');
    expect(byTestId('report-total')?.textContent).toBe('5 tickets');
    expect(document.querySelector('.p-paginator-current')?.textContent).toBe('Página 1 de 1');

    // the search goes with the panel's filters, and the filter button keeps it
    await click(document.querySelector('#report-only-rated'));
    await click(byTestId('report-filter'));
    await until(() => reportCalls().at(-1)!.get('onlyRated') === 'true', 'the filtered call');
    expect(reportCalls().at(-1)!.get('searchParam')).toBe('cliente 1');
  }, 20_000);

  it('sends the filters when the filter button is pressed, and opens a ticket log', async () => {
    serve(makeUser());
    await render('/reports');
    await until(() => rowsText().length === 10, 'the table');
    await click(document.querySelector('#report-only-rated'));
    expect(reportCalls()).toHaveLength(1);
    await click(byTestId('report-filter'));
    await until(() => reportCalls().length === 2, 'the filtered call');
    expect(reportCalls()[1]!.get('onlyRated')).toBe('true');

    await click(byTestId('report-log-14'));
    await until(() => calls.some((c) => c.path === '/api/tickets-log/14'), 'the log');
    expect(byTestId('report-open-14')?.getAttribute('href')).toBe('/tickets/uuid-14');
  }, 20_000);

  it('is refused to a profile user without showDashboard', async () => {
    serve(makeUser({ profile: 'user' }));
    await render('/reports');
    await until(() => byTestId('forbidden-page') !== null, 'the 403 page');
    expect(calls.some((c) => c.path === '/api/ticketreport/reports')).toBe(false);
  });
});

import type { Connection, ConnectionsOverview } from '@switchboard/shared/contracts/connections';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { makeConnection, makeQueue, makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until } from '../../../test-network.ts';
import { byTestId, renderSignedIn, sessionRoutes } from '../../../test-app.tsx';

/** /allConnections as the app renders it against a fake API: the super user's overview with totals, and who is sent away. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('pt');

const overview: ConnectionsOverview = {
  companies: [
    {
      companyId: 7,
      companyName: 'Acme',
      connected: 1,
      disconnected: 0,
      total: 1,
      connections: [
        {
          id: 1,
          name: 'Chat do site',
          channel: 'webchat',
          status: 'CONNECTED',
          number: null,
          isDefault: true,
          updatedAt: '2026-03-04T15:30:00.000Z',
        },
      ],
    },
    {
      companyId: 9,
      companyName: 'Beta Lojas',
      connected: 1,
      disconnected: 2,
      total: 3,
      connections: [
        {
          id: 1,
          name: 'Vendas',
          channel: 'whatsapp',
          status: 'CONNECTED',
          number: '5511988887777',
          isDefault: true,
          updatedAt: '2026-03-04T15:30:00.000Z',
        },
        {
          id: 2,
          name: 'Suporte',
          channel: 'whatsapp',
          status: 'DISCONNECTED',
          number: null,
          isDefault: false,
          updatedAt: '2026-03-04T15:30:00.000Z',
        },
        {
          id: 3,
          name: 'Balcão',
          channel: 'whatsapp',
          status: 'qrcode',
          number: null,
          isDefault: false,
          updatedAt: '2026-03-04T15:30:00.000Z',
        },
      ],
    },
  ],
  nextCursor: null,
  hasMore: false,
};

const connectionOf = (id: number, overrides: Partial<Connection> = {}): Connection =>
  makeConnection(id, { isDefault: false, updatedAt: '2026-03-04T15:30:00.000Z', ...overrides });

const render = async (user = makeUser({ super: true }), routes: Parameters<typeof fakeNetwork>[0] = {}) => {
  const calls = fakeNetwork({
    ...routes,
    ...sessionRoutes(user),
    'GET /api/whatsapp/all': () => ({ status: 200, body: overview }),
    'GET /api/whatsapp': () => ({ status: 200, body: [] }),
  });
  const router = await renderSignedIn(page, '/allConnections', user);
  return { calls, router };
};

const rowsText = (table: string) =>
  [...document.querySelectorAll(`[data-testid=${table}] tbody tr`)].map((tr) => tr.textContent ?? '');

describe('the All-connections overview', () => {
  it('shows the super user each company with connected, disconnected and total, and a totals row', async () => {
    await render();
    await until(() => rowsText('all-connections-table').length === 2, 'the companies');
    expect(rowsText('all-connections-table')[1]!.trim()).toBe('Beta Lojas123');
    expect(byTestId('all-connections-total-connected')!.textContent).toBe('2');
    expect(byTestId('all-connections-total-disconnected')!.textContent).toBe('2');
    expect(byTestId('all-connections-total')!.textContent).toBe('4');
    expect(byTestId('nav-allConnections')).not.toBeNull();
  });

  it("acts on another company's connections through the super user's /whatsapp-admin routes: session buttons, edit and delete", async () => {
    const { calls } = await render(makeUser({ super: true }), {
      'GET /api/whatsapp-admin/9': () => ({
        status: 200,
        body: {
          connections: [
            connectionOf(1, { name: 'Vendas', channel: 'whatsapp', number: '5511988887777', isDefault: true }),
            connectionOf(2, { name: 'Suporte', channel: 'whatsapp', status: 'DISCONNECTED' }),
            connectionOf(3, { name: 'Balcão', channel: 'webchat' }),
          ],
          queues: [makeQueue(4, { name: 'Fila da Beta', color: '#123456' })],
        },
      }),
      'POST /api/whatsapp-admin/9/2/session': () => ({
        status: 200,
        body: connectionOf(2, { name: 'Suporte', channel: 'whatsapp', status: 'OPENING' }),
      }),
      'PUT /api/whatsapp-admin/9/3': () => ({ status: 200, body: connectionOf(3, { name: 'Balcão novo' }) }),
      'DELETE /api/whatsapp-admin/9/3': () => ({ status: 200, body: { ok: true } }),
    });
    await until(() => byTestId('all-connections-open-9') !== null, 'the open action');
    await act(async () => byTestId('all-connections-open-9')!.click());
    await until(() => rowsText('all-connections-company-table').length === 3, "the company's connections");
    expect(byTestId('all-connections-dialog')!.textContent).toContain('Conexões de Beta Lojas');
    expect(rowsText('all-connections-company-table')[0]).toContain('5511988887777');
    // another company's sessions are not the super user's to inspect live: no health panel, no own-company calls
    expect(byTestId('connection-health-1')).toBeNull();

    await act(async () => byTestId('connection-retry-2')!.click());
    await until(() => calls.some((c) => c.method === 'POST' && c.path === '/api/whatsapp-admin/9/2/session'), 'the retry call');

    await act(async () => byTestId('connection-edit-3')!.click());
    await until(() => byTestId('connection-save') !== null, 'the edit dialog');
    await act(async () => byTestId('connection-save')!.click());
    await until(() => calls.some((c) => c.method === 'PUT' && c.path === '/api/whatsapp-admin/9/3'), 'the edit call');

    await act(async () => byTestId('connection-delete-3')!.click());
    await until(() => document.querySelector('.p-confirm-dialog-accept') !== null, 'the delete confirmation');
    await act(async () => document.querySelector<HTMLElement>('.p-confirm-dialog-accept')!.click());
    await until(() => calls.some((c) => c.method === 'DELETE' && c.path === '/api/whatsapp-admin/9/3'), 'the delete call');

    const ownCompanyCalls = calls.filter((c) => /^\/api\/(whatsapp\/\d|whatsappsession|queue$)/.test(c.path));
    expect(ownCompanyCalls).toEqual([]);
  });

  it('sends anyone but the super user to /tickets, with no menu entry', async () => {
    const { router, calls } = await render(makeUser({ super: false }));
    await until(() => router.state.location.pathname === '/tickets', 'the redirect');
    expect(calls.some((c) => c.path === '/api/whatsapp/all')).toBe(false);
    expect(byTestId('nav-allConnections')).toBeNull();
  });
});

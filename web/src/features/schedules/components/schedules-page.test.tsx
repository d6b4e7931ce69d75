import type { Schedule } from '@switchboard/shared/contracts/schedules';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { makeContact, makePlan, makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, type FakeRoute, type RecordedCall, freshPageEachTest, until } from '../../../test-network.ts';
import { byTestId, click, renderSignedIn, sessionRoutes } from '../../../test-app.tsx';

/**
 * /schedules as the app renders it, signed in, against a fake API: the plan gate, the calendar's events with
 * their edit and delete icons, the search, and the add dialog opened by ?contactId= with its validation texts
 * and defaults.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let calls: RecordedCall[];

const serve = (routes: Record<string, FakeRoute>) => {
  calls = fakeNetwork(routes);
};

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

const schedule = (id: number, name: string, sendAt: string, overrides: Partial<Schedule> = {}): Schedule => ({
  id,
  body: `Mensaje ${id}`,
  contactId: 100 + id,
  contact: { id: 100 + id, name, number: '5511999990000' },
  sendAt,
  sentAt: null,
  status: 'PENDENTE',
  whatsappId: null,
  whatsapp: null,
  ticketUserId: null,
  ticketUser: null,
  queueId: null,
  openTicket: 'enabled',
  statusTicket: 'closed',
  intervalo: 1,
  valorIntervalo: 1,
  enviarQuantasVezes: 1,
  contadorEnvio: 0,
  tipoDias: 4,
  assinar: false,
  mediaPath: null,
  mediaName: null,
  mediaUrl: null,
  userId: 5,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const pageRoutes = (useSchedules: boolean): Record<string, FakeRoute> => ({
  ...sessionRoutes(makeUser(), makePlan({ useSchedules })),
  'GET /api/whatsapp': () => ({ status: 200, body: [] }),
  'GET /api/queue': () => ({ status: 200, body: [] }),
  'GET /api/users': () => ({ status: 200, body: { users: [], hasMore: false, nextCursor: null } }),
});

const page = freshPageEachTest('es');
let router: Awaited<ReturnType<typeof renderSignedIn>>;

const render = async (path: string) => {
  router = await renderSignedIn(page, path);
};

const typeInto = async (el: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  await act(async () => {
    const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

describe('the schedules page', () => {
  it('shows an error toast and goes back to the inbox when the plan has no schedules', async () => {
    serve(pageRoutes(false));
    await render('/schedules');
    await until(() => router.state.location.pathname === '/tickets', 'the redirect');
    await until(() => document.body.textContent!.includes('El plan de su empresa no incluye agendamientos.'), 'the toast');
    expect(calls.some((c) => c.path === '/api/schedules')).toBe(false);
  });

  it('places each schedule at its sendAt with the contact’s name, searches, and deletes after confirmation', async () => {
    const list = [schedule(1, 'Ana Calendario', inMinutes(5)), schedule(2, 'Bruno Agenda', inMinutes(10))];
    serve({
      ...pageRoutes(true),
      'GET /api/schedules': (_init, url) => {
        const q = url.searchParams.get('searchParam')?.toLowerCase();
        const found = q ? list.filter((s) => s.contact!.name.toLowerCase().includes(q)) : list;
        return { status: 200, body: { schedules: found, count: found.length, hasMore: false } };
      },
      'DELETE /api/schedules/2': () => ({ status: 200, body: { ok: true } }),
    });
    await render('/schedules');
    await until(() => byTestId('schedule-event-1') !== null && byTestId('schedule-event-2') !== null, 'the events');
    const time = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit' }).format(new Date(list[0]!.sendAt));
    expect(byTestId('schedule-event-1')!.textContent).toContain(`${time}Ana Calendario`);
    const today = new Date(list[0]!.sendAt);
    const dayKey = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(byTestId(`schedule-day-${dayKey}`)!.contains(byTestId('schedule-event-1'))).toBe(true);
    expect(byTestId('schedules-month')!.textContent).toBe(
      new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric' }).format(today),
    );
    expect(byTestId('schedule-edit-1')!.getAttribute('aria-label')).toBe('Editar el agendamiento de Ana Calendario');

    await typeInto(byTestId('schedules-search') as HTMLInputElement, 'bruno');
    await until(() => byTestId('schedule-event-1') === null && byTestId('schedule-event-2') !== null, 'the search result');
    expect(calls.some((c) => c.path === '/api/schedules' && c.search.includes('searchParam=bruno'))).toBe(true);

    await click(byTestId('schedule-delete-2'));
    await until(() => document.body.textContent!.includes('¿Eliminar el agendamiento para Bruno Agenda?'), 'the confirmation');
    await click(document.querySelector('.p-confirm-dialog-accept'));
    await until(() => calls.some((c) => c.method === 'DELETE' && c.path === '/api/schedules/2'), 'the delete');
  });

  it('opens the add dialog for ?contactId=, shows the spec’s texts and sends the defaults', async () => {
    let created: unknown;
    serve({
      ...pageRoutes(true),
      'GET /api/schedules': () => ({ status: 200, body: { schedules: [], count: 0, hasMore: false } }),
      'GET /api/contacts/12': () => ({ status: 200, body: makeContact(12, { name: 'Carla Prefijada' }) }),
      'POST /api/schedules': (init) => {
        created = JSON.parse(String(init.body));
        return { status: 201, body: schedule(9, 'Carla Prefijada', inMinutes(60)) };
      },
    });
    const before = Date.now();
    await render('/schedules?contactId=12');
    await until(() => byTestId('schedule-dialog') !== null, 'the add dialog');
    expect((document.querySelector('#schedule-contact') as HTMLInputElement).value).toBe('Carla Prefijada');
    expect(router.state.location.search).toBe('');

    await click(byTestId('schedule-save'));
    expect(document.querySelector('#schedule-body-error')?.textContent).toBe('Requerido');
    await typeInto(byTestId('schedule-body') as HTMLTextAreaElement, 'Hola');
    await click(byTestId('schedule-save'));
    expect(document.querySelector('#schedule-body-error')?.textContent).toBe('Mensaje muy corto');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/schedules')).toBe(false);

    await typeInto(byTestId('schedule-body') as HTMLTextAreaElement, 'Hola, su pedido está listo');
    await click(byTestId('schedule-save'));
    await until(() => created !== undefined, 'the create call');
    expect(created).toMatchObject({
      body: 'Hola, su pedido está listo',
      contactId: 12,
      openTicket: 'enabled',
      statusTicket: 'closed',
      intervalo: 1,
      valorIntervalo: 1,
      enviarQuantasVezes: 1,
      tipoDias: 4,
      assinar: false,
    });
    const sendAt = Date.parse((created as { sendAt: string }).sendAt);
    expect(sendAt - before).toBeGreaterThanOrEqual(3_600_000 - 60_000);
    expect(sendAt - Date.now()).toBeLessThanOrEqual(3_600_000);
    await until(() => byTestId('schedule-dialog') === null, 'the dialog to close');
  });
});

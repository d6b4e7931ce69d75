import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { makePlan, makeTicket, makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until, type FakeRoute, type RecordedCall } from '../../../test-network.ts';
import { byTestId, renderSignedIn, sessionRoutes } from '../../../test-app.tsx';
import { localDay } from '../utils/kanban-board.ts';

/**
 * /Kanban as the app renders it against a fake API: today's range, a default lane plus one per kanban tag, the
 * cards, 'Añadir columnas' only for dashboard:view, and moving a card with the keyboard menu (remove the lane tag,
 * add the target's, reload).
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let calls: RecordedCall[];
const page = freshPageEachTest('pt');

const laneTag = { id: 3, name: 'Proposta', color: '#ffcc00', kanban: 1 };
// ticket 2 is a website visitor's: its contact's "number" is the visitor's generated id
const WEBCHAT_ID = 'wc-9f2c4e7a1b';
const card = (id: number, tags: (typeof laneTag)[]): Ticket =>
  makeTicket({
    id,
    uuid: `uuid-${id}`,
    status: 'open',
    channel: id === 2 ? 'webchat' : 'whatsapp',
    whatsapp:
      id === 2
        ? { id: 2, name: 'Site', channel: 'webchat', groupAsTicket: 'disabled' }
        : { id: 1, name: 'Loja', channel: 'whatsapp', groupAsTicket: 'disabled' },
    contact:
      id === 2
        ? {
            id: 102,
            name: 'Cliente 2',
            number: WEBCHAT_ID,
            urlPicture: null,
            channel: 'webchat',
            isGroup: false,
            active: true,
            email: 'cliente2@example.com',
            tags: [],
          }
        : {
            id: id + 100,
            name: `Cliente ${id}`,
            number: `55119999900${id}`,
            urlPicture: null,
            channel: 'whatsapp',
            isGroup: false,
            active: true,
            email: '',
            tags: [],
          },
    user: id === 1 ? { id: 5, name: 'Ana Souza' } : null,
    userId: id === 1 ? 5 : null,
    contactId: id + 100,
    whatsappId: id === 2 ? 2 : 1,
    queueId: null,
    queue: null,
    unreadMessages: 0,
    tags,
    lastMessage: `Mensagem ${id}`,
    updatedAt: `2026-01-01T1${id}:00:00.000Z`,
  });

const render = async (user = makeUser()) => {
  let moved = false;
  calls = fakeNetwork({
    ...sessionRoutes(user, makePlan({ useKanban: true })),
    'GET /api/tag/kanban': () => ({
      status: 200,
      body: {
        lista: [
          { ...laneTag, timeLane: 0, nextLaneId: null, rollbackLaneId: null, greetingMessageLane: '', userId: 5, ticketCount: 1 },
        ],
      },
    }),
    'GET /api/ticket/kanban': () => ({
      status: 200,
      body: { tickets: [card(1, moved ? [laneTag] : []), card(2, [laneTag])], hasMore: false, nextCursor: null },
    }),
    'DELETE /api/ticket-tags/1': () => ({ status: 200, body: card(1, []) }),
    'PUT /api/ticket-tags/1/3': () => {
      moved = true;
      return { status: 200, body: card(1, [laneTag]) };
    },
  } satisfies Record<string, FakeRoute>);
  await renderSignedIn(page, '/Kanban', user);
};

const cardsIn = (lane: string) =>
  [...document.querySelectorAll(`[data-testid="kanban-lane-${lane}"] .kanban-card`)].map((c) => c.getAttribute('data-testid'));

describe('the kanban board', () => {
  it("reads today's tickets into a default lane and one lane per kanban tag, with every card detail", async () => {
    await render();
    await until(() => cardsIn('3').length === 1, 'the board');
    const today = localDay(new Date());
    const query = calls.find((c) => c.path === '/api/ticket/kanban')!.search;
    expect(query).toContain(`startDate=${today}`);
    expect(query).toContain(`endDate=${today}`);
    expect(cardsIn('default')).toEqual(['kanban-card-1']);
    expect(cardsIn('3')).toEqual(['kanban-card-2']);
    expect(byTestId('kanban-lane-3')!.textContent).toContain('Proposta');
    const text = byTestId('kanban-card-1')!.textContent;
    for (const part of ['Atendimento #1', 'Cliente 1', '551199999001', 'Mensagem 1', 'Ana Souza']) expect(text).toContain(part);
    expect(byTestId('kanban-card-2')!.textContent).toContain('Sem atendente');
    // the visitor's e-mail, never the generated id
    expect(byTestId('kanban-card-2')!.textContent).toContain('cliente2@example.com');
    expect(byTestId('kanban-card-2')!.textContent).not.toContain(WEBCHAT_ID);
    expect(byTestId('kanban-card-1')!.querySelector('.pi-whatsapp')).not.toBeNull();
    expect(byTestId('kanban-view-1')!.getAttribute('href')).toBe('/tickets/uuid-1');
    expect(byTestId('kanban-view-1')!.textContent).toBe('Ver Ticket');
    expect(byTestId('kanban-search')!.textContent).toContain('Buscar');
    expect(byTestId('kanban-add-columns')!.textContent).toContain('Añadir columnas');
  });

  it('searches the dates typed, each end of the range bounding the other', async () => {
    await render();
    await until(() => cardsIn('3').length === 1, 'the board');
    const start = document.querySelector<HTMLInputElement>('#kanban-start')!;
    const end = document.querySelector<HTMLInputElement>('#kanban-end')!;
    expect(document.querySelector('label[for=kanban-start]')!.textContent).toBe('Início');
    expect(document.querySelector('label[for=kanban-end]')!.textContent).toBe('Fim');
    const type = (input: HTMLInputElement, day: string) =>
      act(async () => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, day);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    await type(start, '2026-01-05');
    await type(end, '2026-01-09');
    expect(start.max).toBe('2026-01-09');
    expect(end.min).toBe('2026-01-05');
    await act(async () => byTestId('kanban-search')!.click());
    await until(
      () => calls.some((c) => c.path === '/api/ticket/kanban' && c.search.includes('startDate=2026-01-05')),
      'the board read for the dates typed',
    );
    expect(calls.filter((c) => c.path === '/api/ticket/kanban').at(-1)!.search).toContain('endDate=2026-01-09');
  });

  it("hides 'Añadir columnas' from a user without dashboard:view", async () => {
    await render(makeUser({ profile: 'user', showDashboard: 'disabled' }));
    await until(() => cardsIn('3').length === 1, 'the board');
    expect(byTestId('kanban-add-columns')).toBeNull();
  });

  it("moves a card from the keyboard menu: removes the ticket's lane tag, adds the target's, and reloads the board", async () => {
    await render();
    await until(() => cardsIn('default').length === 1, 'the board');
    const reads = () => calls.filter((c) => c.path === '/api/ticket/kanban').length;
    const before = reads();
    await act(async () => byTestId('kanban-move-1')!.click());
    await until(() => document.querySelector('#kanban-move-1 .p-menuitem-link') !== null, 'the move menu');
    const item = [...document.querySelectorAll<HTMLElement>('#kanban-move-1 .p-menuitem-link')].find(
      (a) => a.textContent === 'Mover para Proposta',
    )!;
    expect(item).toBeDefined();
    await act(async () => item.click());
    await until(() => cardsIn('3').length === 2, 'the card in its new lane');
    const writes = calls
      .filter((c) => c.method !== 'GET' && c.path.startsWith('/api/ticket-tags'))
      .map((c) => `${c.method} ${c.path}`);
    expect(writes).toEqual(['DELETE /api/ticket-tags/1', 'PUT /api/ticket-tags/1/3']);
    expect(reads()).toBeGreaterThan(before);
  });
});

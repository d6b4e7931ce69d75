import type { VisitorMessage } from '@switchboard/shared/contracts/webchat';
import { describe, expect, it } from 'vitest';
import {
  conversationReducer,
  emptyConversation,
  mediaKindOf,
  openMenu,
  pendingLocal,
  showsOfflineNote,
  timeline,
  upsertMessage,
  type ConversationState,
} from './conversation.ts';

const msg = (overrides: Partial<VisitorMessage> & Pick<VisitorMessage, 'id'>): VisitorMessage => ({
  body: 'Olá',
  fromVisitor: true,
  mediaType: 'chat',
  mediaUrl: null,
  isDeleted: false,
  createdAt: '2025-05-01T10:00:00.000Z',
  ...overrides,
});

const loaded = (messages: VisitorMessage[], answered = false): ConversationState =>
  conversationReducer(emptyConversation, { type: 'loaded', messages, answered });

describe('the widget conversation', () => {
  it('orders messages by time and replaces an updated one in place', () => {
    const a = msg({ id: 'a', createdAt: '2025-05-01T10:00:00.000Z' });
    const b = msg({ id: 'b', createdAt: '2025-05-01T10:01:00.000Z', fromVisitor: false, body: 'Oi!' });
    const list = upsertMessage(upsertMessage([], b), a);
    expect(list.map((m) => m.id)).toEqual(['a', 'b']);
    const deleted = upsertMessage(list, { ...b, body: '', isDeleted: true });
    expect(deleted).toHaveLength(2);
    expect(deleted[1]).toMatchObject({ id: 'b', isDeleted: true });
  });

  it('shows a sent message at once and drops the local copy when a load returns it', () => {
    let state = loaded([]);
    state = conversationReducer(state, {
      type: 'sending',
      message: { clientMessageId: 'c1', body: 'Preciso de ajuda', createdAt: '2025-05-01T10:00:00.500Z' },
    });
    expect(timeline(state).map((i) => i.kind)).toEqual(['local']);
    state = conversationReducer(state, { type: 'sent', clientMessageId: 'c1', serverCreatedAt: '2025-05-01T10:00:01.000Z' });
    expect(state.local[0]).toMatchObject({ status: 'sent' });
    state = conversationReducer(state, {
      type: 'loaded',
      messages: [msg({ id: 'stored-1', body: 'Preciso de ajuda', createdAt: '2025-05-01T10:00:01.000Z' })],
      answered: false,
    });
    expect(state.local).toEqual([]);
    expect(timeline(state).map((i) => i.kind)).toEqual(['server']);
  });

  it('does not take an earlier message with the same text for a new one', () => {
    const earlier = msg({ id: 'old', body: 'ok', createdAt: '2025-05-01T09:00:00.000Z' });
    const local = [
      {
        clientMessageId: 'c2',
        body: 'ok',
        createdAt: '2025-05-01T10:00:00.000Z',
        status: 'sent' as const,
        serverCreatedAt: '2025-05-01T10:00:00.200Z',
      },
    ];
    expect(pendingLocal(local, [earlier])).toEqual(local);
  });

  it('keeps a failed message for a retry, then sends it again as the same message', () => {
    let state = conversationReducer(loaded([]), {
      type: 'sending',
      message: { clientMessageId: 'c3', body: 'x', createdAt: '2025-05-01T10:00:00.000Z' },
    });
    state = conversationReducer(state, { type: 'failed', clientMessageId: 'c3', failure: 'throttled' });
    expect(state.local[0]).toMatchObject({ status: 'failed', failure: 'throttled' });
    state = conversationReducer(state, { type: 'retrying', clientMessageId: 'c3' });
    expect(state.local[0]).toMatchObject({ clientMessageId: 'c3', status: 'sending' });
    expect(state.local[0]!.failure).toBeUndefined();
  });

  it('keeps a message that arrived on the socket while a load was on its way', () => {
    let state = loaded([msg({ id: 'v1' })]);
    const reply = msg({ id: 'r1', fromVisitor: false, body: 'Oi!', createdAt: '2025-05-01T10:02:00.000Z' });
    state = conversationReducer(state, { type: 'received', message: reply });
    // the load was asked before the reply existed
    state = conversationReducer(state, { type: 'loaded', messages: [msg({ id: 'v1' })], answered: false });
    expect(state.server.map((m) => m.id)).toEqual(['v1', 'r1']);
    const deleted = conversationReducer(state, { type: 'received', message: { ...reply, body: '', isDeleted: true } });
    const stale = conversationReducer(deleted, { type: 'loaded', messages: [msg({ id: 'v1' }), reply], answered: true });
    expect(stale.server.find((m) => m.id === 'r1')?.isDeleted).toBe(true);
    expect(stale.answered).toBe(true);
  });

  it('shows the offline note until the company answers', () => {
    const visitorOnly = loaded([msg({ id: 'v1' })]);
    expect(showsOfflineNote(visitorOnly)).toBe(true);
    expect(showsOfflineNote(emptyConversation)).toBe(false);
    const reply = conversationReducer(visitorOnly, {
      type: 'received',
      message: msg({ id: 'r1', fromVisitor: false, body: 'Bom dia!', createdAt: '2025-05-01T10:05:00.000Z' }),
    });
    expect(showsOfflineNote(reply)).toBe(false);
    expect(showsOfflineNote(loaded([msg({ id: 'v1' })], true))).toBe(false);
  });

  it('offers the latest company menu until the visitor writes after it', () => {
    const options = [
      { id: '1', title: 'Vendas' },
      { id: 'sair', title: 'Sair' },
    ];
    const first = msg({
      id: 'b1',
      fromVisitor: false,
      body: 'Menu 1',
      menu: { kind: 'button', options },
      createdAt: '2025-05-01T10:01:00.000Z',
    });
    const second = msg({
      id: 'b2',
      fromVisitor: false,
      body: 'Menu 2',
      menu: { kind: 'list', options },
      createdAt: '2025-05-01T10:03:00.000Z',
    });
    const note = msg({ id: 'n1', fromVisitor: false, body: 'Um momento', menu: null, createdAt: '2025-05-01T10:04:00.000Z' });
    const oi = msg({ id: 'v1', body: 'Oi', createdAt: '2025-05-01T10:00:00.000Z' });
    const one = msg({ id: 'v2', body: '1', createdAt: '2025-05-01T10:02:00.000Z' });

    expect(openMenu(loaded([oi, first]))).toEqual({ messageId: 'b1', menu: first.menu });
    expect(openMenu(loaded([oi, first, one]))).toBeUndefined();
    // a later company message without a menu leaves the last menu open
    expect(openMenu(loaded([oi, first, one, second, note]))).toEqual({ messageId: 'b2', menu: second.menu });
    expect(openMenu(loaded([oi, { ...first, isDeleted: true, body: '' }]))).toBeUndefined();
    expect(openMenu(loaded([oi, note]))).toBeUndefined();

    // the visitor's message on its way closes it at once; one sent before the menu does not
    const open = loaded([oi, first]);
    const sending = conversationReducer(open, {
      type: 'sending',
      message: { clientMessageId: 'c9', body: '1', createdAt: '2025-05-01T09:59:00.000Z' },
    });
    expect(openMenu(sending)).toBeUndefined();
    const earlier = {
      clientMessageId: 'c8',
      body: 'Oi?',
      createdAt: '2025-05-01T10:00:30.000Z',
      status: 'sent' as const,
      serverCreatedAt: '2025-05-01T10:00:30.000Z',
    };
    expect(openMenu({ ...open, local: [earlier] })).toEqual({ messageId: 'b1', menu: first.menu });
    expect(openMenu({ ...open, local: [{ ...earlier, serverCreatedAt: '2025-05-01T10:01:30.000Z' }] })).toBeUndefined();
  });

  it('draws images inline and other media as links, deleted messages as neither', () => {
    expect(mediaKindOf({ mediaType: 'image', mediaUrl: 'https://x/y.png', isDeleted: false })).toBe('image');
    expect(mediaKindOf({ mediaType: 'application', mediaUrl: 'https://x/y.pdf', isDeleted: false })).toBe('link');
    expect(mediaKindOf({ mediaType: 'image', mediaUrl: null, isDeleted: true })).toBe('text');
    expect(mediaKindOf({ mediaType: 'chat', mediaUrl: null, isDeleted: false })).toBe('text');
  });
});

describe('a tapped menu option', () => {
  const menu = msg({
    id: 'm',
    fromVisitor: false,
    body: 'Escolha um setor:',
    createdAt: '2025-05-01T10:00:00.000Z',
    menu: {
      kind: 'button',
      options: [
        { id: '1', title: 'Vendas' },
        { id: '2', title: 'Financeiro' },
        { id: 'sair', title: 'Sair' },
      ],
    },
  });

  it("shows the option's title in the visitor's bubble, sent or stored, not its id", () => {
    const sending = conversationReducer(loaded([menu]), {
      type: 'sending',
      message: { clientMessageId: 'c1', body: '2', createdAt: '2025-05-01T10:00:05.000Z' },
    });
    expect(timeline(sending).map((i) => i.choice)).toEqual([undefined, 'Financeiro']);
    const stored = loaded([menu, msg({ id: 'v', body: '2', createdAt: '2025-05-01T10:00:05.000Z' })]);
    expect(timeline(stored).map((i) => i.choice)).toEqual([undefined, 'Financeiro']);
  });

  it('leaves other messages as written: no menu before, an unknown id, or a later message', () => {
    const state = loaded([
      msg({ id: 'a', body: '1', createdAt: '2025-05-01T09:59:00.000Z' }),
      menu,
      msg({ id: 'b', body: 'quero falar com alguém', createdAt: '2025-05-01T10:00:05.000Z' }),
      msg({ id: 'c', body: '2', createdAt: '2025-05-01T10:00:09.000Z' }),
    ]);
    expect(timeline(state).map((i) => i.choice)).toEqual([undefined, undefined, undefined, undefined]);
  });
});

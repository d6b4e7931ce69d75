import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { normaliseWords } from './message-search.entity.ts';
import { indexMessageText, searchMessageTicketIds } from './message-search.service.ts';

beforeAll(async () => {
  await useTestTable();
});

describe('message search', () => {
  it('finds tickets by a word prefix of their messages, accent- and case-insensitive, newest first', async () => {
    await indexMessageText(7, 1, '01ARZ3NDEKTSV4RRFFQ69G5FA1', '2026-01-01T10:00:00Z', 'Quero trocar o PEDIDO número 123');
    await indexMessageText(7, 2, '01ARZ3NDEKTSV4RRFFQ69G5FA2', '2026-01-02T10:00:00Z', 'o pedido chegou quebrado');
    await indexMessageText(8, 3, '01ARZ3NDEKTSV4RRFFQ69G5FA3', '2026-01-02T10:00:00Z', 'pedido de outra empresa');
    expect(await searchMessageTicketIds(7, 'pedi', 20)).toEqual([2, 1]);
    expect(await searchMessageTicketIds(7, 'NÚMERO', 20)).toEqual([1]);
    expect(await searchMessageTicketIds(7, 'quebrado pedido', 20)).toEqual([2]);
    expect(await searchMessageTicketIds(7, 'xy', 20)).toEqual([]);
  });

  it('indexes each word once and skips short ones', () => {
    expect(normaliseWords('Olá olá, é um teste de ÁGUA para você!')).toEqual(['teste', 'agua']);
  });
});

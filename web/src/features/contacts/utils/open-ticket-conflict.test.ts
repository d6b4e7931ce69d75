import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { openTicketConflict } from './open-ticket-conflict.ts';

const conflict = (details: unknown) => new ApiError(409, { error: 'ERR_OTHER_OPEN_TICKET', details });
const holder = {
  id: 9,
  uuid: '2f1c7a52-5b7e-4f59-9a43-0f5d0e4b8f11',
  status: 'open',
  userId: 4,
  user: { id: 4, name: 'Bruna' },
  queue: { id: 1, name: 'Vendas', color: '#123456' },
};

describe('a contact who already has an open ticket', () => {
  it('names the user and queue holding it', () => {
    expect(openTicketConflict(conflict(holder), 5)).toEqual({ kind: 'user', userName: 'Bruna', queueName: 'Vendas' });
  });

  it('sends the current user to the ticket they already hold', () => {
    expect(openTicketConflict(conflict(holder), 4)).toEqual({ kind: 'mine', uuid: holder.uuid });
  });

  it('says the ticket waits in its queue when nobody holds it', () => {
    expect(openTicketConflict(conflict({ ...holder, status: 'pending', userId: null, user: null }), 5)).toEqual({
      kind: 'queue',
      queueName: 'Vendas',
    });
  });

  it('is not about other errors', () => {
    expect(openTicketConflict(new ApiError(404, { error: 'ERR_NO_CONTACT_FOUND' }), 5)).toBeUndefined();
    expect(openTicketConflict(new Error('x'), 5)).toBeUndefined();
  });
});

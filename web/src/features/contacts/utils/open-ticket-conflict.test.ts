import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { makeTicketHolder } from '../../../test-fixtures.ts';
import { openTicketConflict } from './open-ticket-conflict.ts';

const conflict = (details: unknown) => new ApiError(409, { error: 'ERR_OTHER_OPEN_TICKET', details });
const holder = makeTicketHolder();

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

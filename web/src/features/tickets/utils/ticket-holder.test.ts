import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { makeTicketHolder } from '../../../test-fixtures.ts';
import { ticketHolderOf } from './ticket-holder.ts';

const details = makeTicketHolder({ id: 4, userId: 9, user: { id: 9, name: 'Bruno' } });

describe('the holder of an already-open ticket', () => {
  it('is read from ERR_OTHER_OPEN_TICKET and ERR_NO_PERMISSION answers', () => {
    expect(ticketHolderOf(new ApiError(409, { error: 'ERR_OTHER_OPEN_TICKET', details }))).toEqual(details);
    expect(ticketHolderOf(new ApiError(403, { error: 'ERR_NO_PERMISSION', details }))?.user?.name).toBe('Bruno');
  });

  it('is absent from other errors and from answers without details', () => {
    expect(ticketHolderOf(new ApiError(404, { error: 'ERR_NO_TICKET_FOUND', details }))).toBeUndefined();
    expect(ticketHolderOf(new ApiError(403, { error: 'ERR_NO_PERMISSION' }))).toBeUndefined();
    expect(ticketHolderOf(new Error('boom'))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { ticketHolderOf } from './ticket-holder.ts';

const details = {
  id: 4,
  uuid: 'u-4',
  status: 'open',
  userId: 9,
  user: { id: 9, name: 'Bruno' },
  queue: { id: 3, name: 'Suporte', color: '#00ff00' },
};

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

import { describe, expect, it } from 'vitest';
import { makeTicket } from '../../../test-fixtures.ts';
import {
  acceptBody,
  afterChange,
  ignoreBody,
  missingRequiredTag,
  ticketActions,
  transferBody,
  type ActingUser,
} from './ticket-actions.ts';

const agent: ActingUser = { id: 5, profile: 'user', userClosePendingTicket: 'disabled' };
const admin: ActingUser = { ...agent, profile: 'admin' };

describe('the actions a ticket offers', () => {
  it('offers accept on a waiting ticket, and ignore only to those who may close pending tickets', () => {
    expect(ticketActions({ status: 'pending' }, agent)).toMatchObject({
      accept: true,
      ignore: false,
      resolve: false,
      reopen: false,
    });
    expect(ticketActions({ status: 'pending' }, { ...agent, userClosePendingTicket: 'enabled' }).ignore).toBe(true);
    expect(ticketActions({ status: 'lgpd' }, admin)).toMatchObject({ accept: true, ignore: true });
  });

  it('offers return, resolve and transfer on an open ticket, and delete to admins', () => {
    expect(ticketActions({ status: 'open' }, agent)).toMatchObject({
      returnToQueue: true,
      resolve: true,
      transfer: true,
      delete: false,
      accept: false,
    });
    expect(ticketActions({ status: 'open' }, admin).delete).toBe(true);
    expect(ticketActions({ status: 'group' }, admin)).toMatchObject({ returnToQueue: false, resolve: true, delete: true });
  });

  it('offers only reopen on a closed ticket', () => {
    expect(ticketActions({ status: 'closed' }, admin)).toEqual({
      accept: false,
      ignore: false,
      returnToQueue: false,
      resolve: false,
      transfer: false,
      reopen: true,
      delete: false,
    });
  });
});

describe('the changes sent', () => {
  it('accepts a group ticket as group and any other as open, for the current user', () => {
    expect(acceptBody(makeTicket({ isGroup: true }), 5)).toEqual({ status: 'group', userId: 5 });
    expect(acceptBody(makeTicket(), 5, 3)).toEqual({ status: 'open', userId: 5, queueId: 3 });
  });

  it('ignores a waiting ticket without a farewell and with the bot counter at zero', () => {
    expect(ignoreBody()).toEqual({ status: 'closed', sendFarewellMessage: false, amountUsedBotQueues: 0 });
  });

  it('transfers to a user as open, to a queue alone as pending, flagged and with the note', () => {
    expect(transferBody(makeTicket(), { userId: 7, queueId: 3, message: ' veja o pedido ' })).toEqual({
      status: 'open',
      userId: 7,
      queueId: 3,
      isTransfered: true,
      msgTransfer: 'veja o pedido',
    });
    expect(transferBody(makeTicket(), { userId: null, queueId: 3, message: '' })).toEqual({
      status: 'pending',
      userId: null,
      queueId: 3,
      isTransfered: true,
    });
  });

  it('asks for a tag before closing when the setting requires one', () => {
    const untagged = makeTicket();
    expect(missingRequiredTag(untagged, true)).toBe(true);
    expect(missingRequiredTag(untagged, false)).toBe(false);
    expect(
      missingRequiredTag(
        { ...untagged, contact: { ...untagged.contact, tags: [{ id: 1, name: 'VIP', color: '#000000', kanban: 0 }] } },
        true,
      ),
    ).toBe(false);
  });

  it('goes into a ticket being worked and back to the list after closing or returning it', () => {
    expect(afterChange({ status: 'open', uuid: 'u1' })).toEqual({ path: '/tickets/u1', tab: 'open' });
    expect(afterChange({ status: 'group', uuid: 'u1' })).toEqual({ path: '/tickets/u1', tab: 'group' });
    expect(afterChange({ status: 'closed', uuid: 'u1' })).toEqual({ path: '/tickets' });
    expect(afterChange({ status: 'pending', uuid: 'u1' })).toEqual({ path: '/tickets' });
  });
});

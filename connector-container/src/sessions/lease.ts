/**
 * Session leases: one item per WhatsApp session, held by at most one connector task at a time, so exactly one
 * socket exists per session across the fleet.
 * - acquire: a conditional write that succeeds when the lease is free, expired or already ours; it bumps the
 *   epoch, and every later renewal or release names that epoch, so a holder that was replaced cannot renew.
 * - renew: the heartbeat pushes `leaseUntil` forward; a failed condition means another task took it (lost).
 * - a holder that cannot renew in time (the table unreachable) must consider the lease lost once its own clock
 *   passes `leaseUntil` minus a safety margin, and close the socket: another task may own it by then.
 * - release: on drain (SIGTERM) the lease is deleted so another task starts the session at once.
 * Time comes from an injectable clock.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '../../../functions/src/platform/errors.ts';
import { table, tableName } from '../../../functions/src/platform/table/client.ts';
import { leaseKey, type LeaseItem } from './session.entity.ts';

export interface LeaseClock {
  /** epoch milliseconds */
  now(): number;
}

export const systemClock: LeaseClock = { now: () => Date.now() };

export interface Lease {
  companyId: number;
  connectionId: number;
  owner: string;
  epoch: number;
  leaseUntil: number;
}

export interface LeaseStoreOptions {
  /** this task's id */
  owner: string;
  /** how long a lease lasts without renewal (default 30 s) */
  durationMs?: number;
  clock?: LeaseClock;
}

export class LeaseStore {
  readonly owner: string;
  readonly durationMs: number;
  readonly clock: LeaseClock;

  constructor(options: LeaseStoreOptions) {
    this.owner = options.owner;
    this.durationMs = options.durationMs ?? 30_000;
    this.clock = options.clock ?? systemClock;
  }

  /** Takes the lease when it is free, expired or ours; undefined when another live task holds it. */
  async acquire(companyId: number, connectionId: number): Promise<Lease | undefined> {
    const now = this.clock.now();
    const leaseUntil = now + this.durationMs;
    try {
      const out = await table().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: leaseKey(companyId, connectionId),
          UpdateExpression:
            'SET #owner = :me, leaseUntil = :until, companyId = :cid, connectionId = :id, #type = :type ADD epoch :one',
          ConditionExpression: 'attribute_not_exists(pk) OR leaseUntil < :now OR #owner = :me',
          ExpressionAttributeNames: { '#owner': 'owner', '#type': 'type' },
          ExpressionAttributeValues: {
            ':me': this.owner,
            ':until': leaseUntil,
            ':now': now,
            ':cid': companyId,
            ':id': connectionId,
            ':type': 'waLease',
            ':one': 1,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const item = out.Attributes as LeaseItem;
      return { companyId, connectionId, owner: this.owner, epoch: item.epoch, leaseUntil };
    } catch (error) {
      if (isConditionalCheckFailure(error)) return undefined;
      throw error;
    }
  }

  /** Pushes the lease forward; false when it is no longer ours (taken over, or released by a drain). */
  async renew(lease: Lease): Promise<boolean> {
    const leaseUntil = this.clock.now() + this.durationMs;
    try {
      await table().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: leaseKey(lease.companyId, lease.connectionId),
          UpdateExpression: 'SET leaseUntil = :until',
          ConditionExpression: '#owner = :me AND epoch = :epoch',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':me': this.owner, ':epoch': lease.epoch, ':until': leaseUntil },
        }),
      );
      lease.leaseUntil = leaseUntil;
      return true;
    } catch (error) {
      if (isConditionalCheckFailure(error)) return false;
      throw error;
    }
  }

  /** Gives the lease up (only if still ours), so another task can start the session at once. */
  async release(lease: Lease): Promise<void> {
    try {
      await table().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: leaseKey(lease.companyId, lease.connectionId),
          ConditionExpression: '#owner = :me AND epoch = :epoch',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':me': this.owner, ':epoch': lease.epoch },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }

  /** The lease as stored, for deciding where a command goes; undefined when there is none. */
  async peek(companyId: number, connectionId: number): Promise<Lease | undefined> {
    const out = await table().send(
      new GetCommand({ TableName: tableName(), Key: leaseKey(companyId, connectionId), ConsistentRead: true }),
    );
    const item = out.Item as LeaseItem | undefined;
    return item ? { companyId, connectionId, owner: item.owner, epoch: item.epoch, leaseUntil: item.leaseUntil } : undefined;
  }

  /** Whether a stored lease is held by a live task (ours or another's). */
  isLive(lease: Lease | undefined): boolean {
    return lease !== undefined && lease.leaseUntil >= this.clock.now();
  }
}

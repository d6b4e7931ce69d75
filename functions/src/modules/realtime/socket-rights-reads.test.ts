/**
 * A socket keeps the rights it was opened with for hours, so what decides them is never a read that may answer the
 * item as it was a moment ago (DynamoDB reads are eventually consistent): a user's update hands on the item as
 * written, and a socket's connect reads the user and the company strongly consistent. An HTTP request's reads live
 * only as long as the request and keep the cheaper read.
 */
import { GetCommand, BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '@switchboard/shared/contracts/auth';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { seedCompany } from '../../../../test/companies.ts';
import { domainEvents } from '../../platform/events/domain-events.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { issueSocketTicket } from '../../platform/realtime/socket-tickets.ts';
import { measureCapacity, table } from '../../platform/table/client.ts';
import { contextFromClaims } from '../auth/authenticate.ts';
import { createUser, startSession, updateUser } from '../users/users.service.ts';
import { connect } from './realtime.service.ts';

let admin: AuthContext;
let agentId: number;
let queueId: number;

beforeAll(async () => {
  await useTestTable();
  const { company, admin: owner, queueId: firstQueueId } = await seedCompany('Direitos Co', 'rights@example.com');
  queueId = firstQueueId;
  await startSession(company.id, owner.id, 'admin-session');
  admin = (await contextFromClaims({
    companyId: company.id,
    userId: owner.id,
    sessionId: 'admin-session',
    profile: 'admin',
    super: false,
  }))!;
  agentId = (await createUser(company.id, { name: 'Agente', email: `agent-${company.id}@example.com`, password: 'pass-12345' }))
    .id;
  await startSession(company.id, agentId, 'agent-session');
});
afterEach(() => vi.restoreAllMocks());

/** The reads of the user and company items sent while `run` runs, with whether each asked for a consistent read. */
const readsDuring = async (run: () => Promise<unknown>) => {
  const send = vi.spyOn(table(), 'send');
  await run();
  const reads = send.mock.calls
    .map(([command]) => command)
    .filter((c) => c instanceof GetCommand || c instanceof BatchGetCommand);
  return reads.map((c) => {
    const input = c.input as {
      Key?: { sk: string };
      RequestItems?: Record<string, { Keys: { sk: string }[]; ConsistentRead?: boolean }>;
      ConsistentRead?: boolean;
    };
    const batch = input.RequestItems ? Object.values(input.RequestItems)[0] : undefined;
    return {
      sk: input.Key?.sk ?? batch!.Keys.map((k) => k.sk).join('+'),
      consistent: (input.ConsistentRead ?? batch?.ConsistentRead) === true,
    };
  });
};

describe("a user's update", () => {
  it('announces the user as written, without reading it back', async () => {
    let announced: User | undefined;
    domainEvents.on('user.updated', 'test-announced-user', ({ user }) => {
      announced = user;
    });
    const measured = await measureCapacity(() => updateUser(admin, agentId, { queueIds: [queueId], allTicket: 'enable' }));

    expect(measured.result).toMatchObject({ id: agentId, queueIds: [queueId], allTicket: 'enable' });
    expect(announced).toEqual(measured.result);
    // one read of the user: the one the checks need before the write
    const userReads = Object.entries(measured.byKey).filter(([shape]) => shape.startsWith('GetItemCommand'));
    expect(userReads.reduce((n, [, count]) => n + count, 0)).toBe(1);
  });
});

describe("a socket's connect", () => {
  it('reads the user and the company strongly consistent', async () => {
    const { ticket } = await issueSocketTicket({
      kind: 'agent',
      claims: { companyId: admin.companyId, userId: agentId, sessionId: 'agent-session', profile: 'user', super: false },
    });
    const reads = await readsDuring(async () => expect(await connect('rights-conn', { ticket })).toEqual({ ok: true }));

    const userRead = reads.find((r) => r.sk.startsWith('USER#'));
    const companyRead = reads.find((r) => r.sk.includes('COMPANY'));
    expect(userRead).toEqual({ sk: expect.any(String), consistent: true });
    expect(companyRead).toEqual({ sk: expect.any(String), consistent: true });
  });

  it("leaves an HTTP request's reads of the caller eventually consistent", async () => {
    const reads = await readsDuring(() =>
      contextFromClaims({
        companyId: admin.companyId,
        userId: agentId,
        sessionId: 'agent-session',
        profile: 'user',
        super: false,
      }),
    );
    expect(reads).toHaveLength(2);
    expect(reads.every((r) => !r.consistent)).toBe(true);
  });
});

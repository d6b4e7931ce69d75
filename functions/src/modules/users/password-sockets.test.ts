/**
 * A password set by an admin ends the user's session and closes that session's sockets only: a session the user
 * opened since (a login right after the change) keeps its socket. A password users change themselves ends no
 * session (they have one, the one they changed it from), so no socket closes.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../../../../test/table.ts';
import { seedCompany } from '../../../../test/companies.ts';
import { registerSocketRightsListener } from '../../listeners/socket-rights.listener.ts';
import { clock } from '../../platform/clock.ts';
import type { AuthContext } from '../../platform/http/types.ts';
import { resetPorts, setLocalPorts } from '../../platform/ports/ports.ts';
import { putConnection } from '../../platform/realtime/connection.repository.ts';
import { contextFromClaims } from '../auth/authenticate.ts';
import { createUser, startSession, updateUser } from './users.service.ts';

let companyId: number;
let queueId: number;
let admin: AuthContext;
let closed: string[];

const claims = (userId: number, sessionId: string, profile: 'admin' | 'user' = 'user') => ({
  companyId,
  userId,
  sessionId,
  profile,
  super: false,
});

/** An agent's socket of `sessionId`, holding the rights the agent was created with. */
const openSocket = (connectionId: string, userId: number, sessionId: string) =>
  putConnection(
    {
      connectionId,
      companyId,
      kind: 'agent',
      userId,
      sessionId,
      profile: 'user',
      super: false,
      queueIds: [queueId],
      allTicket: 'disable',
      allowGroup: false,
      allUserChat: false,
      rooms: [],
      connectedAt: clock().now().toISOString(),
    },
    clock().now().getTime(),
  );

const addAgent = async (name: string) => {
  const agent = await createUser(companyId, {
    name,
    email: `${name.toLowerCase()}-${companyId}@example.com`,
    password: 'pass-12345',
  });
  await updateUser(admin, agent.id, { queueIds: [queueId] });
  return agent.id;
};

beforeAll(async () => {
  await useTestTable();
  registerSocketRightsListener();
  const { company, admin: owner, queueId: firstQueueId } = await seedCompany('Senhas Co', 'pw@example.com');
  companyId = company.id;
  queueId = firstQueueId;
  await startSession(companyId, owner.id, 'admin-session');
  admin = (await contextFromClaims(claims(owner.id, 'admin-session', 'admin')))!;
});

afterEach(() => resetPorts());

const watchCloses = () => {
  closed = [];
  setLocalPorts({
    socketConnections: {
      post: () => Promise.resolve(true),
      close: (id: string) => {
        closed.push(id);
        return Promise.resolve();
      },
    },
  });
};

describe('a password set by an admin', () => {
  it("closes the ended session's sockets and not those of a session opened since", async () => {
    const agentId = await addAgent('Bruna');
    await startSession(companyId, agentId, 'ended-session');
    await openSocket('ended-socket', agentId, 'ended-session');
    // a socket of a session the user opens while the change is under way
    await openSocket('fresh-socket', agentId, 'fresh-session');
    watchCloses();

    await updateUser(admin, agentId, { password: 'chosen-by-admin' });

    expect(closed).toEqual(['ended-socket']);
    expect(await contextFromClaims(claims(agentId, 'ended-session'))).toBeUndefined();
  });
});

describe('a password users change themselves', () => {
  it('closes no socket', async () => {
    const agentId = await addAgent('Carla');
    await startSession(companyId, agentId, 'own-session');
    await openSocket('own-socket', agentId, 'own-session');
    await openSocket('other-socket', agentId, 'other-session');
    watchCloses();

    const self = (await contextFromClaims(claims(agentId, 'own-session')))!;
    await updateUser(self, agentId, { password: 'my-own-choice' });

    expect(closed).toEqual([]);
    expect(await contextFromClaims(claims(agentId, 'own-session'))).toBeDefined();
  });
});

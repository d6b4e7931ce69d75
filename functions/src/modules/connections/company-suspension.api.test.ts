/**
 * A company's WhatsApp sessions follow its status (server reference 9.6), with the connector running in the local
 * runtime on scripted Baileys sockets: unpaid past the grace days, the company's open session is closed without
 * logging the number out and shows DISCONNECTED with the reason; nobody can start it meanwhile; the payment brings
 * it back with its pairing (no QR code). The super user's deactivation and activation do the same, and a session an
 * admin had stopped stays stopped.
 */
import type { Connection } from '@switchboard/shared/contracts/connections';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, signInSuperUser, startApi } from '../../../../test/api.ts';
import { until } from '../../../../test/until.ts';
import { signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { FakeSocketFactory } from '../../../../connector-container/src/testing/fake-baileys-socket.ts';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import { INVOICE_CYCLE_JOB } from '../invoices/invoice-cycle.service.ts';
import { queue } from '../../platform/ports/ports.ts';
import { findSessionIntent } from './whatsapp-sessions.service.ts';

const DAY = 86_400_000;
let runtime: Runtime;
let root: ApiClient;
const fakes = new FakeSocketFactory();

beforeAll(async () => {
  runtime = await startApi({ whatsappSocketFactory: fakes.factory });
  root = await signInSuperUser(runtime);
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(undefined));

/** a session of the fake connector: connection ids start again in every company */
const ref = (company: TestCompany, connection: Connection) => ({ companyId: company.companyId, connectionId: connection.id });

/** A company with one WhatsApp number connected. */
const connectedCompany = async (name: string): Promise<{ company: TestCompany; connection: Connection }> => {
  const company = await signupCompany(runtime, name);
  const res = await company.admin.post('/whatsapp', { channel: 'whatsapp', name: 'Vendas' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const connection = res.body as Connection;
  (await fakes.next(ref(company, connection), { after: 0 })).open('5511933332222');
  await until(
    () => company.admin.get(`/whatsapp/${connection.id}`),
    (r) => r.body.status === 'CONNECTED',
  );
  return { company, connection };
};

const statusOf = async (company: TestCompany, id: number) => (await company.admin.get(`/whatsapp/${id}`)).body as Connection;

describe("a company's WhatsApp sessions and its status", () => {
  it('are held down, not logged out, while the company is unpaid, and come back with their pairing when it pays', async () => {
    const { company, connection } = await connectedCompany('Unpaid Co');
    const socket = fakes.latest(ref(company, connection))!;
    const due = new Date((await findCompany(company.companyId))!.dueDate).getTime();

    // the billing cycle's job as the scheduler delivers it, three days past the due date
    runtime.setClock({ at: due + 3 * DAY });
    await queue().send('jobs', { body: JSON.stringify({ type: INVOICE_CYCLE_JOB, companyId: company.companyId }) });
    await until(
      async () => (await findCompany(company.companyId))!.status,
      (active) => !active,
    );
    runtime.setClock(undefined);
    await runtime.idleQueues();

    await until(
      async () => socket.ended,
      (v) => v,
    );
    expect(socket.loggedOut).toBe(false);
    expect(await statusOf(company, connection.id)).toMatchObject({ status: 'DISCONNECTED', qrcode: '' });
    expect((await findSessionIntent(company.companyId, connection.id))?.desired).toBe('suspended');
    const health = (await company.admin.get(`/whatsapp/${connection.id}/health`)).body;
    expect(health.history[0]).toMatchObject({ status: 'DISCONNECTED', reason: 'company inactive: invoice unpaid' });

    // nobody starts it while the company is inactive, and the connector does not bring it back by itself
    const start = await company.admin.post(`/whatsappsession/${connection.id}`, {});
    expect(start.status).toBe(403);
    expect(start.body.error).toBe('ERR_COMPANY_INACTIVE');
    const sockets = fakes.of(ref(company, connection)).length;
    await runtime.idleQueues();
    expect(fakes.of(ref(company, connection))).toHaveLength(sockets);

    // the payment: the invoice's Pix charge is paid at the provider, which notifies us
    const charge = (
      await company.admin.post('/subscription', {
        firstName: 'Maria Souza',
        zipcode: '12345678909',
        plan: JSON.stringify({ planId: 'custom', title: 'Personalizado' }),
        users: 3,
        connections: 3,
        invoiceId: 1,
      })
    ).body;
    expect(charge.txid, JSON.stringify(charge)).toEqual(expect.any(String));
    runtime.pix!.charges.get(charge.txid)!.status = 'CONCLUIDA';
    await runtime.pix!.pay(charge.txid);
    expect((await findCompany(company.companyId))!.status).toBe(true);

    const resumed = await fakes.next(ref(company, connection), { after: sockets });
    expect(resumed.resumed).toBe(true);
    resumed.open();
    expect(
      await until(
        () => statusOf(company, connection.id),
        (c) => c.status === 'CONNECTED',
      ),
    ).toMatchObject({ number: '5511933332222', qrcode: '' });
    expect((await findSessionIntent(company.companyId, connection.id))?.desired).toBe('run');
  });

  it("follows the super user's deactivation and activation, and leaves a session an admin stopped stopped", async () => {
    const { company, connection } = await connectedCompany('Switched Co');
    const stopped = (await company.admin.post('/whatsapp', { channel: 'whatsapp', name: 'Parado' })).body as Connection;
    await fakes.next(ref(company, stopped), { after: 0 });
    expect((await company.admin.delete(`/whatsappsession/${stopped.id}`)).status).toBe(200);
    const socket = fakes.latest(ref(company, connection))!;

    expect((await root.put(`/companies/${company.companyId}`, { status: false })).status).toBe(200);
    await until(
      async () => socket.ended,
      (v) => v,
    );
    expect(socket.loggedOut).toBe(false);
    expect(await statusOf(company, connection.id)).toMatchObject({ status: 'DISCONNECTED' });
    expect((await findSessionIntent(company.companyId, stopped.id))?.desired).toBe('stop');

    const sockets = fakes.of(ref(company, connection)).length;
    const stoppedSockets = fakes.of(ref(company, stopped)).length;
    expect((await root.put(`/companies/${company.companyId}`, { status: true })).status).toBe(200);
    const resumed = await fakes.next(ref(company, connection), { after: sockets });
    expect(resumed.resumed).toBe(true);
    resumed.open();
    await until(
      () => statusOf(company, connection.id),
      (c) => c.status === 'CONNECTED',
    );
    await runtime.idleQueues();
    expect(fakes.of(ref(company, stopped))).toHaveLength(stoppedSockets);
    expect((await statusOf(company, stopped.id)).status).toBe('DISCONNECTED');
  });
});

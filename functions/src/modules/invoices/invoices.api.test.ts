import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, fieldsOf, signInSuperUser, SocketProbe, startApi } from '../../../../test/api.ts';
import { pixSignature } from '../../../../test/fakes/pix-server.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { resetClock, setClock } from '../../platform/clock.ts';
import { findCompany } from '../tenancy/company-lookup.service.ts';
import { addPlan, defaultPlanInput } from '../plans/plans.service.ts';
import { createUser } from '../users/users.service.ts';
import { runInvoiceCycle } from './invoice-cycle.service.ts';
import { signupOnPlan } from '../../../../test/inbox.ts';

const DAY = 86_400_000;
let runtime: Runtime;
let serial = 0;
let goldPlanId: number;
let shortTrialPlanId: number;

const signup = (planId: number) => signupOnPlan(runtime, planId, `Billing Co ${++serial}`);

const dueDateOf = async (companyId: number) => (await findCompany(companyId))!.dueDate;

/** Runs the company's cycle as if the schedule fired at `at`. */
const cycleAt = async (companyId: number, at: Date) => {
  setClock({ now: () => at });
  try {
    await runInvoiceCycle(companyId);
  } finally {
    resetClock();
  }
  await runtime.idleQueues();
};

const checkout = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Maria Souza',
  zipcode: '12345678909',
  plan: JSON.stringify({ planId: 'custom', title: 'Personalizado' }),
  users: 3,
  connections: 3,
  invoiceId: 1,
  ...overrides,
});

beforeAll(async () => {
  runtime = await startApi();
  goldPlanId = (
    await addPlan({
      ...defaultPlanInput,
      name: 'Plano Ouro',
      amount: '99.90',
      users: 4,
      connections: 2,
      queues: 6,
      trialDays: 30,
    })
  ).id;
  shortTrialPlanId = (await addPlan({ ...defaultPlanInput, name: 'Plano Teste', amount: '59.00', trialDays: 3 })).id;
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => resetClock());

describe('invoice generation', () => {
  it("makes one open invoice from the plan's value 5 days before the due date, never two, and deactivates the company 3 days after it unpaid", async () => {
    const { companyId, admin } = await signup(goldPlanId);
    await runtime.idleQueues();
    const due = new Date(await dueDateOf(companyId));
    expect((await admin.get('/invoices')).body).toEqual({ invoices: [], hasMore: false, nextCursor: null });

    // a schedule that fires early (the due date moved later since it was armed) makes nothing
    await cycleAt(companyId, new Date(due.getTime() - 6 * DAY));
    expect((await admin.get('/invoices')).body.invoices).toEqual([]);

    await cycleAt(companyId, new Date(due.getTime() - 5 * DAY));
    await cycleAt(companyId, new Date(due.getTime() - 4 * DAY));
    const list = await admin.get('/invoices');
    expect(list.status).toBe(200);
    expect(list.body.invoices).toEqual([
      expect.objectContaining({
        id: 1,
        detail: 'Plano Ouro',
        value: '99.90',
        users: 4,
        connections: 2,
        queues: 6,
        dueDate: due.toISOString(),
        status: 'open',
        linkInvoice: null,
        paidAt: null,
      }),
    ]);

    await cycleAt(companyId, new Date(due.getTime() + 3 * DAY - 60_000));
    expect((await findCompany(companyId))!.status).toBe(true);
    await cycleAt(companyId, new Date(due.getTime() + 3 * DAY));
    expect((await findCompany(companyId))!.status).toBe(false);
  });

  it('makes the first invoice at signup when the trial ends within 5 days', async () => {
    const { admin } = await signup(shortTrialPlanId);
    await runtime.idleQueues();
    const list = await admin.get('/invoices');
    expect(list.body.invoices).toEqual([
      expect.objectContaining({ id: 1, detail: 'Plano Teste', value: '59.00', status: 'open' }),
    ]);
  });

  it('searches invoices by their text', async () => {
    const { companyId, admin } = await signup(goldPlanId);
    await cycleAt(companyId, new Date(new Date(await dueDateOf(companyId)).getTime() - DAY));
    expect((await admin.get('/invoices?searchParam=OURO')).body.invoices).toHaveLength(1);
    expect((await admin.get('/invoices?searchParam=prata')).body.invoices).toHaveLength(0);
  });
});

describe('subscription checkout', () => {
  it('refuses a checkout without the name or the document, with the texts of the spec', async () => {
    const { admin } = await signup(shortTrialPlanId);
    const res = await admin.post('/subscription', checkout({ firstName: '', zipcode: '' }));
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toMatchObject({
      'body.firstName': 'Nombre completo obligatorio',
      'body.zipcode': 'El código postal es obligatorio',
    });
    const fewer = await admin.post('/subscription', checkout({ users: 2, connections: 1 }));
    expect(fewer.status).toBe(400);
    expect(Object.keys(fieldsOf(fewer.body))).toEqual(expect.arrayContaining(['body.users', 'body.connections']));
    expect((await admin.post('/subscription', checkout({ plan: 'not json' }))).status).toBe(400);
    expect((await admin.post('/subscription', checkout({ invoiceId: 99 }))).status).toBe(404);
  });

  it('prices a custom plan on the server (49, +11 a user, +20 a connection above 3 of each) whatever price the client sends', async () => {
    const { admin } = await signup(shortTrialPlanId);
    await runtime.idleQueues();
    const res = await admin.post('/subscription', checkout({ users: 5, connections: 4, price: 1 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.valor.original).toBe('91.00');
    expect(res.body.qrcode.qrcode).toMatch(/^000201/);
    expect(res.body.invoice).toMatchObject({
      id: 1,
      detail: 'Plano personalizado',
      users: 5,
      connections: 4,
      value: '91.00',
      status: 'open',
      linkInvoice: res.body.qrcode.qrcode,
    });
    expect(runtime.pix!.charges.get(res.body.txid)).toMatchObject({
      status: 'ATIVA',
      valor: { original: '91.00' },
      devedor: { cpf: '12345678909', nome: 'Maria Souza' },
    });
    // the company's own plan is charged at its value
    const own = await admin.post('/subscription', checkout({ plan: JSON.stringify({ planId: shortTrialPlanId }) }));
    expect(own.body.valor.original).toBe('59.00');
    expect((await admin.post('/subscription', checkout({ plan: JSON.stringify({ planId: goldPlanId }) }))).status).toBe(400);
  });

  it('is for admins: a profile user is refused both routes', async () => {
    const { companyId } = await signup(shortTrialPlanId);
    await createUser(companyId, { name: 'Agent', email: `agent-billing-${serial}@example.com`, password: 'pass-12345' });
    const agent = new ApiClient(runtime.url);
    expect((await agent.login(`agent-billing-${serial}@example.com`, 'pass-12345')).status).toBe(200);
    expect((await agent.get('/invoices')).status).toBe(403);
    expect((await agent.post('/subscription', checkout())).status).toBe(403);
  });

  it("shows the super user their own company's invoices: none, company 1 never expires", async () => {
    const root = await signInSuperUser(runtime);
    await runInvoiceCycle(1);
    expect((await root.get('/invoices')).body).toEqual({ invoices: [], hasMore: false, nextCursor: null });
  });
});

describe('Pix payment notices', () => {
  it('refuses a notice with a bad signature (401, nothing changes), then pays once for the same notice twice and tells the company live', async () => {
    const { companyId, admin } = await signup(shortTrialPlanId);
    await runtime.idleQueues();
    const due = await dueDateOf(companyId);
    const pix = runtime.pix!;
    const charge = (await admin.post('/subscription', checkout({ users: 4 }))).body;
    expect(charge.valor.original).toBe('60.00');
    const socket = await SocketProbe.open(runtime.url, `token=${admin.token}`);
    try {
      // a notice for a charge the provider says is not paid changes nothing
      expect(await pix.notify(charge.txid)).toBe(200);
      expect(await dueDateOf(companyId)).toBe(due);

      pix.charges.get(charge.txid)!.status = 'CONCLUIDA';
      expect(await pix.notify(charge.txid, 'not-the-shared-secret')).toBe(401);
      const unsigned = await fetch(`${runtime.url}/api/webhooks/pix`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pix: [{ txid: charge.txid, endToEndId: 'E1' }] }),
      });
      expect(unsigned.status).toBe(401);
      expect(await dueDateOf(companyId)).toBe(due);
      expect((await admin.get('/invoices')).body.invoices[0].status).toBe('open');

      await pix.pay(charge.txid, { repeat: 2 });
      expect(pix.notices.slice(-2).map((n) => n.status)).toEqual([200, 200]);
      const moved = new Date(new Date(due).getTime() + 30 * DAY).toISOString();
      expect(await dueDateOf(companyId)).toBe(moved);
      const [invoice] = (await admin.get('/invoices')).body.invoices;
      expect(invoice).toMatchObject({ id: 1, status: 'paid', value: '60.00' });
      expect(invoice.paidAt).toEqual(expect.any(String));

      const frame = await socket.waitFor((f) => f.event === `company-${companyId}-payment`);
      expect(frame.data).toEqual({ action: 'CONCLUIDA', company: { id: companyId, dueDate: moved }, invoiceId: 1 });
      await new Promise((r) => setTimeout(r, 200));
      expect(socket.frames.filter((f) => f.event === `company-${companyId}-payment`)).toHaveLength(1);

      // a paid invoice cannot be checked out again; the next cycle bills the custom plan chosen
      expect((await admin.post('/subscription', checkout({ invoiceId: 1 }))).status).toBe(409);
      await cycleAt(companyId, new Date(new Date(moved).getTime() - 5 * DAY));
      const invoices = (await admin.get('/invoices')).body.invoices;
      expect(invoices[0]).toMatchObject({
        id: 2,
        detail: 'Plano personalizado',
        users: 4,
        connections: 3,
        value: '60.00',
        dueDate: moved,
        status: 'open',
      });
    } finally {
      await socket.close();
    }
  });

  it("refuses a payment at the fake provider's pay endpoint without this start's secret and pays nothing; with it, pays", async () => {
    const { companyId, admin } = await signup(shortTrialPlanId);
    await runtime.idleQueues();
    const due = await dueDateOf(companyId);
    const pix = runtime.pix!;
    const charge = (await admin.post('/subscription', checkout())).body;
    const payAt = `${pix.url}/fake/cob/${charge.txid}/pay`;
    const noticesBefore = pix.notices.length;
    for (const headers of [{}, { 'x-fake-pix-secret': 'guessed' }, { 'x-fake-pix-secret': `${pix.paySecret}x` }] as Record<
      string,
      string
    >[]) {
      const refused = await fetch(payAt, { method: 'POST', headers });
      expect(refused.status).toBe(403);
      expect((await fetch(`${pix.url}/fake/cob`, { headers })).status).toBe(403);
    }
    expect(pix.charges.get(charge.txid)!.status).toBe('ATIVA');
    expect(pix.notices).toHaveLength(noticesBefore);
    expect(await dueDateOf(companyId)).toBe(due);
    expect((await admin.get('/invoices')).body.invoices[0].status).toBe('open');

    const paid = await fetch(payAt, { method: 'POST', headers: { 'x-fake-pix-secret': pix.paySecret } });
    expect(paid.status).toBe(200);
    expect(pix.charges.get(charge.txid)!.status).toBe('CONCLUIDA');
    expect(await dueDateOf(companyId)).toBe(new Date(new Date(due).getTime() + 30 * DAY).toISOString());
  });

  it('answers a signed notice of an unknown charge with 200 and changes nothing', async () => {
    const body = JSON.stringify({ pix: [{ txid: 'SB00000000000000000000000000', endToEndId: 'E2' }] });
    const res = await fetch(`${runtime.url}/api/webhooks/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pix-signature': pixSignature(body, process.env.PIX_WEBHOOK_SECRET!) },
      body,
    });
    expect(res.status).toBe(200);
  });
});

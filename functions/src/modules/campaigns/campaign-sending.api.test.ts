/**
 * A campaign of 200 contacts sent over a WhatsApp session (the connector in the local runtime on a scripted Baileys
 * socket) on a held clock. Time moves only when the test moves it: the jobs queue's delayed messages and the
 * Scheduler's schedules are held by the test's ports and handed to the real queue when the clock reaches them, so
 * hours of pacing pass in seconds while every send goes through the real jobs consumer, outbound path and socket.
 */
import type { Connection } from '@switchboard/shared/contracts/connections';
import type { WAMessage } from '@whiskeysockets/baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../../../../test/api.ts';
import { signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { FakeSocketFactory, type FakeBaileysSocket } from '../../../../connector-container/src/testing/fake-baileys-socket.ts';
import { queue as queuePort, scheduler as schedulerPort, setLocalPorts } from '../../platform/ports/ports.ts';
import type { OutgoingMessage, Queue, QueueName } from '../../platform/ports/queue.ts';
import type { ScheduledJob, Scheduler } from '../../platform/ports/scheduler.ts';
import { getCampaignRecord, getStats } from './campaigns.repository.ts';
import { queryShipping } from './campaign-shipping.repository.ts';
import { CAMPAIGN_MARK } from './campaign.entity.ts';
import type { ShippingRecord } from './campaign.entity.ts';
import { until } from '../../../../test/until.ts';

let runtime: Runtime;
let company: TestCompany;
const fakes = new FakeSocketFactory();
let socket: FakeBaileysSocket;
let connection: Connection;

// Friday 2030-01-04 09:00 UTC (the runtime's time zone): sends run 09:00 to 10:00 on weekdays only
let now = Date.parse('2030-01-04T09:00:00Z');
const hold = (at: number) => {
  now = at;
  runtime.setClock({ at });
};

/** Delayed jobs and schedules wait here for the held clock; everything else goes to the runtime's queue at once. */
const held: { at: number; send: () => Promise<unknown> }[] = [];
const schedules = new Map<string, { at: number; payload: Record<string, unknown> }>();
let realQueue: Queue;

const virtualQueue: Queue = {
  send: async (name: QueueName, message: OutgoingMessage) => {
    if (name === 'jobs' && message.delaySeconds) {
      const { delaySeconds, ...rest } = message;
      held.push({ at: now + delaySeconds * 1000, send: () => realQueue.send(name, rest) });
      return { messageId: `held-${held.length}` };
    }
    return realQueue.send(name, message);
  },
  changeVisibility: (name, handle, seconds) => realQueue.changeVisibility(name, handle, seconds),
};
const virtualScheduler: Scheduler = {
  schedule: async (job: ScheduledJob) => void schedules.set(job.name, { at: job.at.getTime(), payload: job.payload }),
  cancel: async (name: string) => void schedules.delete(name),
};

/** Runs what is due now, then moves the clock to the next held job or schedule; false when nothing waits. */
const advance = async (): Promise<boolean> => {
  await runtime.drainQueues(30_000);
  const nextHeld = Math.min(...held.map((h) => h.at), ...[...schedules.values()].map((s) => s.at));
  if (!Number.isFinite(nextHeld)) return false;
  hold(Math.max(now, nextHeld));
  for (const h of held.filter((x) => x.at <= now)) {
    held.splice(held.indexOf(h), 1);
    await h.send();
  }
  for (const [name, s] of [...schedules].filter(([, x]) => x.at <= now)) {
    schedules.delete(name);
    await realQueue.send('jobs', { body: JSON.stringify(s.payload) });
  }
  await runtime.drainQueues(30_000);
  return true;
};

const advanceUntil = async (done: () => Promise<boolean>, max = 2000): Promise<void> => {
  for (let i = 0; i < max; i++) {
    if (await done()) return;
    if (!(await advance())) break;
  }
  if (!(await done())) throw new Error('the condition was never reached');
};

const numberOf = (i: number) => `55119${String(70000000 + i)}`;
const jidOf = (n: string) => `${n}@s.whatsapp.net`;
const sendsTo = () => {
  const count = new Map<string, number>();
  for (const [jid] of socket.callsOf('sendMessage') as [string][]) count.set(jid, (count.get(jid) ?? 0) + 1);
  return count;
};
let inbound = 0;
const reply = (number: string, text: string): WAMessage => ({
  key: { remoteJid: jidOf(number), fromMe: false, id: `IN-${++inbound}` },
  message: { conversation: text },
  messageTimestamp: Math.floor(now / 1000),
  pushName: 'Cliente',
});

const rows = async (campaignId: number): Promise<ShippingRecord[]> => {
  const out: ShippingRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await queryShipping(company.companyId, campaignId, { start, limit: 100, problems: false });
    out.push(...page.rows);
    start = page.next;
  } while (start);
  return out;
};

/** The held clock ran past the access token's 15 minutes: the refresh cookie gets a new one, as the browser does. */
const refreshSession = async () => {
  const res = await company.admin.post('/auth/refresh_token');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  company.admin.token = res.body.token;
};

const post = async (path: string, body: unknown, status = 201) => {
  const res = await company.admin.post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

beforeAll(async () => {
  runtime = await startApi({ whatsappSocketFactory: fakes.factory });
  hold(now);
  company = await signupCompany(runtime, 'Campanhas em massa');
  connection = await post('/whatsapp', { channel: 'whatsapp', name: 'Disparos' });
  socket = await fakes.next({ companyId: company.companyId, connectionId: connection.id }, { after: 0 });
  socket.open('5511900002222');
  await until(
    () => company.admin.get(`/whatsapp/${connection.id}`),
    (r) => r.body.status === 'CONNECTED',
  );
  realQueue = queuePort();
  void schedulerPort();
  setLocalPorts({ queue: virtualQueue, scheduler: virtualScheduler });
}, 60_000);
afterAll(async () => {
  runtime?.setClock(undefined);
  await runtime?.stop();
});

describe('a campaign of 200 contacts', () => {
  it('paces its sends, keeps to the hours and weekdays, stops on cancel, restarts with each remaining contact once, and skips a contact who wrote', async () => {
    await post(
      '/campaign-settings',
      {
        settings: {
          messageInterval: 20,
          longerIntervalAfter: 20,
          greaterInterval: 60,
          startHour: '09:00',
          endHour: '10:00',
          sabado: false,
          domingo: false,
          variables: [{ key: 'loja', value: 'Loja Centro' }],
        },
      },
      200,
    );
    const tag = await post('/tags', { name: 'Clientes VIP', color: '#112233', kanban: 0 });
    for (let i = 0; i < 200; i++) {
      const contact = await post('/contacts', { name: `Cliente ${i}`, number: numberOf(i) });
      await post('/tags/sync', { contactId: contact.id, tags: [{ id: tag.id }] }, 200);
    }
    const campaign = await post('/campaigns', {
      name: 'Black Friday',
      tagListId: tag.id,
      whatsappId: connection.id,
      scheduledAt: new Date(now).toISOString(),
      message1: 'Olá {nome}, ofertas na {loja}!',
      message2: 'Oi {nome}, passe na {loja}.',
    });
    expect(campaign.status).toBe('PROGRAMADA');
    const stats = () => getStats(company.companyId, campaign.id);

    // the first 50 go out (sent: the fake session gives no receipts, so none counts as delivered)
    await advanceUntil(async () => (await stats()).sent >= 50);
    // a contact further down the list writes in: their send is dropped
    const writer = numberOf(150);
    socket.receive([reply(writer, 'Quero saber mais')]);
    await until(
      () => rows(campaign.id),
      (rs) => rs.find((r) => r.number === writer)?.repliedAt != null,
    );

    await advanceUntil(async () => (await stats()).sent >= 100);
    await refreshSession();
    const cancelled = await company.admin.post(`/campaigns/${campaign.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('CANCELADA');
    const atCancel = (await stats()).sent;
    const sendsAtCancel = socket.callsOf('sendMessage').length;
    // what was queued before the cancel comes due and sends nothing
    for (let i = 0; i < 60 && (await advance()); i++);
    expect((await stats()).sent).toBe(atCancel);
    expect(socket.callsOf('sendMessage')).toHaveLength(sendsAtCancel);

    await refreshSession();
    const restarted = await company.admin.post(`/campaigns/${campaign.id}/restart`);
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(200);
    expect(restarted.body.status).toBe('EM_ANDAMENTO');
    await advanceUntil(async () => (await getCampaignRecord(company.companyId, campaign.id))?.status === 'FINALIZADA');

    const final = await stats();
    expect(final).toMatchObject({ valid: 200, sent: 199, delivered: 0, skipped: 1, failed: 0 });
    const all = await rows(campaign.id);
    expect(all.find((r) => r.number === writer)).toMatchObject({ status: 'skipped', reason: 'replied' });
    await runtime.drainQueues(30_000);
    const sends = sendsTo();
    // each contact exactly once, the one who wrote never
    expect(sends.get(jidOf(writer))).toBeUndefined();
    for (let i = 0; i < 200; i++) if (numberOf(i) !== writer) expect(sends.get(jidOf(numberOf(i))), numberOf(i)).toBe(1);

    const sentAt = all
      .filter((r) => r.status === 'sent')
      .map((r) => Date.parse(r.sentAt!))
      .sort((a, b) => a - b);
    for (const at of sentAt) {
      const d = new Date(at);
      // 09:00 to 10:00 on weekdays
      expect(d.getUTCHours(), d.toISOString()).toBe(9);
      expect([0, 6]).not.toContain(d.getUTCDay());
    }
    const gaps = sentAt.slice(1).map((t, i) => (t - sentAt[i]!) / 1000);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(20);
    // the longer pause after every 20 sends shows up
    expect(gaps.filter((g) => g >= 60).length).toBeGreaterThanOrEqual(5);
    // Friday's window is too short for all of them: the rest went on Monday
    expect(new Set(sentAt.map((t) => new Date(t).toISOString().slice(0, 10))).has('2030-01-07')).toBe(true);
    // the text: a variant with the variables filled in, marked as a campaign's
    const sample = all.find((r) => r.status === 'sent')!;
    expect(sample.message).toMatch(
      new RegExp(`^(Olá ${sample.name}, ofertas na Loja Centro!|Oi ${sample.name}, passe na Loja Centro\\.)$`),
    );
    const texts = (socket.callsOf('sendMessage') as [string, { text?: string }][]).map(([, c]) => c.text ?? '');
    expect(texts.every((t) => t.startsWith(CAMPAIGN_MARK))).toBe(true);
  }, 600_000);

  it('asks for confirmation first and sends the message once the contact answers; an opt-out word stops every later campaign', async () => {
    await refreshSession();
    // a weekday morning, inside the hours
    hold(Date.parse('2030-01-08T09:00:00Z'));
    await refreshSession();
    const tag = await post('/tags', { name: 'Confirmar', color: '#445566', kanban: 0 });
    const numbers = [numberOf(500), numberOf(501), numberOf(502)];
    for (const [i, n] of numbers.entries()) {
      const contact = await post('/contacts', { name: `Confirma ${i}`, number: n });
      await post('/tags/sync', { contactId: contact.id, tags: [{ id: tag.id }] }, 200);
    }
    const campaign = await post('/campaigns', {
      name: 'Com confirmação',
      tagListId: tag.id,
      whatsappId: connection.id,
      scheduledAt: new Date(now).toISOString(),
      confirmation: true,
      confirmationMessage1: 'Podemos te enviar a oferta, {nome}?',
      // the one documented syntax and the campaigns' older one, side by side
      message1: 'Aqui está a oferta, {{firstName}} ({nome}).',
    });
    await advanceUntil(async () => (await getStats(company.companyId, campaign.id)).confirmationRequested === 3);
    const before = sendsTo();
    expect(numbers.map((n) => before.get(jidOf(n)))).toEqual([1, 1, 1]);

    socket.receive([reply(numbers[0]!, 'Sim, pode mandar')]);
    socket.receive([reply(numbers[1]!, 'PARAR')]);
    await advanceUntil(async () => (await getStats(company.companyId, campaign.id)).sent === 1);
    await runtime.drainQueues(30_000);
    const after = sendsTo();
    expect(numbers.map((n) => after.get(jidOf(n)))).toEqual([2, 1, 1]);
    const shipped = await rows(campaign.id);
    expect(shipped.find((r) => r.number === numbers[0])).toMatchObject({
      status: 'sent',
      message: 'Aqui está a oferta, Confirma (Confirma 0).',
      confirmationMessage: 'Podemos te enviar a oferta, Confirma 0?',
    });
    expect(shipped.find((r) => r.number === numbers[1])).toMatchObject({ status: 'skipped', reason: 'optedOut' });
    expect(shipped.find((r) => r.number === numbers[2])).toMatchObject({ status: 'awaitingConfirmation' });
    expect((await getCampaignRecord(company.companyId, campaign.id))?.status).toBe('EM_ANDAMENTO');

    // the number that opted out is skipped by the next campaign
    const next = await post('/campaigns', {
      name: 'Depois do opt-out',
      tagListId: tag.id,
      whatsappId: connection.id,
      scheduledAt: new Date(now).toISOString(),
      message1: 'Nova oferta',
    });
    await advanceUntil(async () => (await getCampaignRecord(company.companyId, next.id))?.status === 'FINALIZADA');
    expect(await getStats(company.companyId, next.id)).toMatchObject({ valid: 3, sent: 2, delivered: 0, skipped: 1 });
    expect((await rows(next.id)).find((r) => r.number === numbers[1])).toMatchObject({ status: 'skipped', reason: 'optedOut' });
  }, 300_000);

  it('sends once when the same send job is delivered several times at once', async () => {
    // before the hours: the send is planned for 09:00 and waits on the queue
    hold(Date.parse('2030-01-09T08:58:00Z'));
    await refreshSession();
    const tag = await post('/tags', { name: 'Duplicados', color: '#778899', kanban: 0 });
    const contact = await post('/contacts', { name: 'Único', number: numberOf(900) });
    await post('/tags/sync', { contactId: contact.id, tags: [{ id: tag.id }] }, 200);
    const campaign = await post('/campaigns', {
      name: 'Uma vez',
      tagListId: tag.id,
      whatsappId: connection.id,
      scheduledAt: new Date(now).toISOString(),
      message1: 'Só uma vez',
    });
    await advanceUntil(async () => (await rows(campaign.id)).some((r) => r.status === 'queued'));
    hold(Date.parse('2030-01-09T09:00:00Z'));
    const record = await getCampaignRecord(company.companyId, campaign.id);
    const job = JSON.stringify({
      type: 'campaigns.send',
      companyId: company.companyId,
      campaignId: campaign.id,
      number: numberOf(900),
      run: record!.run,
    });
    // four more deliveries of the send at its time, besides the one the campaign queued
    await Promise.all([1, 2, 3, 4].map(() => realQueue.send('jobs', { body: job })));
    await advanceUntil(async () => (await getCampaignRecord(company.companyId, campaign.id))?.status === 'FINALIZADA');
    await runtime.drainQueues(30_000);
    expect(sendsTo().get(jidOf(numberOf(900)))).toBe(1);
  }, 120_000);

  it('opens each new ticket in the status the campaign asks for: pending in its queue, or open for its user', async () => {
    hold(Date.parse('2030-01-10T09:30:00Z'));
    await refreshSession();
    const queue = await post('/queue', { name: 'Campanhas', color: '#3355aa', greetingMessage: 'Bem-vindo à fila de campanhas' });
    const tag = await post('/tags', { name: 'Status do ticket', color: '#aa7733', kanban: 0 });
    const waiting = await post('/contacts', { name: 'Aguardando', number: numberOf(910) });
    const served = await post('/contacts', { name: 'Atendido', number: numberOf(911) });
    const only = async (contactId: number) => post('/tags/sync', { contactId, tags: [{ id: tag.id }] }, 200);
    await only(waiting.id);
    const first = await post('/campaigns', {
      name: 'Pendentes',
      tagListId: tag.id,
      whatsappId: connection.id,
      scheduledAt: new Date(now).toISOString(),
      message1: 'Olá {nome}',
      openTicket: 'enabled',
      statusTicket: 'pending',
      queueId: queue.id,
    });
    await advanceUntil(async () => (await getCampaignRecord(company.companyId, first.id))?.status === 'FINALIZADA');
    await post('/tags/sync', { contactId: waiting.id, tags: [] }, 200);
    await only(served.id);
    const second = await post('/campaigns', {
      name: 'Abertos',
      tagListId: tag.id,
      whatsappId: connection.id,
      scheduledAt: new Date(now).toISOString(),
      message1: 'Olá {nome}',
      openTicket: 'enabled',
      statusTicket: 'open',
      userId: company.adminId,
      queueId: queue.id,
    });
    await advanceUntil(async () => (await getCampaignRecord(company.companyId, second.id))?.status === 'FINALIZADA');
    await refreshSession();
    const ticketOf = async (status: string, contactId: number) =>
      (
        (await company.admin.get(`/tickets?status=${status}&showAll=true`)).body.tickets as {
          contactId: number;
          status: string;
          userId: number | null;
          queueId: number | null;
        }[]
      ).find((t) => t.contactId === contactId);
    expect(await ticketOf('pending', waiting.id)).toMatchObject({ status: 'pending', queueId: queue.id });
    expect(await ticketOf('open', waiting.id)).toBeUndefined();
    expect(await ticketOf('open', served.id)).toMatchObject({ status: 'open', userId: company.adminId, queueId: queue.id });
  }, 120_000);
});

describe("a campaign in the company's time zone", () => {
  it('sends within the hours of the zone the company chose: 09:00 to 10:00 in São Paulo is 12:00 to 13:00 UTC', async () => {
    // Thursday 2030-01-10 10:00 UTC is 07:00 in São Paulo, before its hours (the session's refresh lasts a week)
    hold(Math.max(now, Date.parse('2030-01-10T10:00:00Z')));
    await refreshSession();
    const hours = {
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      startHour: '09:00',
      endHour: '10:00',
      sabado: false,
      domingo: false,
      variables: [],
    };
    await post('/campaign-settings', { settings: hours }, 200);
    expect((await company.admin.put('/settings/timeZone', { value: 'America/Sao_Paulo' })).status).toBe(200);
    try {
      const tag = await post('/tags', { name: 'Fuso horário', color: '#5a7d2b', kanban: 0 });
      for (const i of [950, 951, 952]) {
        const contact = await post('/contacts', { name: `Paulistano ${i}`, number: numberOf(i) });
        await post('/tags/sync', { contactId: contact.id, tags: [{ id: tag.id }] }, 200);
      }
      const campaign = await post('/campaigns', {
        name: 'Manhã em São Paulo',
        tagListId: tag.id,
        whatsappId: connection.id,
        scheduledAt: new Date(now).toISOString(),
        message1: 'Bom dia, {nome}',
      });
      await advanceUntil(async () => (await getCampaignRecord(company.companyId, campaign.id))?.status === 'FINALIZADA');
      const sentAt = (await rows(campaign.id)).map((r) => r.sentAt!);
      expect(sentAt).toHaveLength(3);
      // 12:00 UTC is 09:00 in São Paulo (UTC-3 all year)
      for (const at of sentAt) expect(at.slice(11, 13), at).toBe('12');
    } finally {
      await refreshSession();
      expect((await company.admin.put('/settings/timeZone', { value: '' })).status).toBe(200);
    }
  }, 120_000);
});

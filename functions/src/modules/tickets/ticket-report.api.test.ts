import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FILE_NAME, REPORT_SHEET_NAME } from '@switchboard/shared/contracts/reports';
import { startApi, type ApiClient } from '../../../../test/api.ts';
import { addAgent, signupCompany, type TestCompany } from '../../../../test/inbox.ts';
import type { Runtime } from '../../../../infra/local/runtime.ts';
import { createQueue } from '../queues/queues.service.ts';
import { putRating } from '../ratings/ratings.service.ts';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../../platform/table/client.ts';
import { backfillReportRows, reportRowsBackfill } from './report-backfill.repository.ts';
import { reportRowOf } from './ticket.entity.ts';
import { reportRange } from './ticket-report.service.ts';
import { getTicketRecord, saveTicket } from './tickets.repository.ts';

let runtime: Runtime;
let company: TestCompany;
let other: TestCompany;
let sales: { id: number };
let agentOne: Awaited<ReturnType<typeof addAgent>>;
let plainAgent: Awaited<ReturnType<typeof addAgent>>;
let supervisor: Awaited<ReturnType<typeof addAgent>>;
const ticket: Record<'october' | 'early' | 'middle' | 'late', { id: number; contactId: number }> = {} as never;

const at = (iso: string) => runtime.setClock({ at: Date.parse(iso) });

const openTicket = async (
  when: string,
  contactName: string,
  number: string,
  extra: { queueId?: number; userId?: number; contactId?: number } = {},
) => {
  at(when);
  const contactId = extra.contactId ?? (await company.admin.post('/contacts', { name: contactName, number })).body.id;
  const res = await company.admin.post('/tickets', {
    contactId,
    queueId: extra.queueId ?? company.queueId,
    whatsappId: company.connectionId,
    ...(extra.userId ? { userId: extra.userId, status: 'open' } : {}),
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, contactId: contactId as number };
};

const report = (client: ApiClient, query: Record<string, string | number | boolean>) =>
  client.get(
    `/ticketreport/reports?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))}`,
  );
const ids = (res: { status: number; body: { tickets: { id: number }[] } }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.tickets.map((t) => t.id);
};
const range = { dateFrom: '2026-10-01', dateTo: '2026-11-30' };

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Relatorio Co');
  other = await signupCompany(runtime, 'Other Co');
  sales = await createQueue(company.companyId, { name: 'Vendas', color: '#123456' });
  agentOne = await addAgent(runtime, company, {}, 'Agente Um');
  plainAgent = await addAgent(runtime, company, {}, 'Agente Simples');
  supervisor = await addAgent(runtime, company, { showDashboard: 'enabled' }, 'Supervisora');

  ticket.october = await openTicket('2026-10-05T12:00:00.000Z', 'Cliente Outubro', '5511900000001', { userId: company.adminId });
  at('2026-10-05T12:30:00.000Z');
  expect((await company.admin.put(`/tickets/${ticket.october.id}`, { status: 'closed' })).status).toBe(200);
  // the customer rated the closed ticket 9 (the engine's NPS step does this when the answer arrives)
  const closed = (await getTicketRecord(company.companyId, ticket.october.id, true))!;
  await saveTicket(closed, { ...closed, ratedAt: '2026-10-05T12:31:00.000Z' });
  await putRating({
    companyId: company.companyId,
    ticketId: ticket.october.id,
    userId: company.adminId,
    queueId: company.queueId,
    rate: 9,
    createdAt: '2026-10-05T12:31:00.000Z',
  });

  ticket.early = await openTicket('2026-11-03T09:00:00.000Z', 'Cliente Vendas', '5511900000002', {
    queueId: sales.id,
    userId: agentOne.id,
  });
  ticket.middle = await openTicket('2026-11-10T09:00:00.000Z', 'Cliente Pendente', '5511900000003');
  // returned to the queue: pending, nobody's
  expect((await company.admin.put(`/tickets/${ticket.middle.id}`, { status: 'pending', userId: null })).status).toBe(200);
  ticket.late = await openTicket('2026-11-20T09:00:00.000Z', 'Cliente Outubro', '', { contactId: ticket.october.contactId });
  runtime?.setClock(undefined);
});
afterAll(async () => {
  await runtime?.stop();
});
afterEach(() => runtime?.setClock(undefined));

describe('the ticket report', () => {
  it('lists the tickets created in the date range, newest first, with the columns of the spec', async () => {
    const res = await report(company.admin, range);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([ticket.late.id, ticket.middle.id, ticket.early.id, ticket.october.id]);
    expect(res.body).toMatchObject({ totalTickets: { total: 4 }, hasMore: false, nextCursor: null, reachedAt: null });
    expect(res.body.tickets[3]).toMatchObject({
      id: ticket.october.id,
      contactName: 'Cliente Outubro',
      whatsappName: expect.any(String),
      userName: 'Owner',
      status: 'closed',
      createdAt: '2026-10-05T12:00:00.000Z',
      closedAt: '2026-10-05T12:30:00.000Z',
      supportTime: 30,
      NPS: 9,
    });
    expect(res.body.tickets[2]).toMatchObject({
      userName: 'Agente Um',
      queueName: 'Vendas',
      status: 'open',
      closedAt: null,
      supportTime: null,
      NPS: null,
    });
    expect(res.body.tickets[1]).toMatchObject({ status: 'pending', userName: null });

    const november = await report(company.admin, { dateFrom: '2026-11-01', dateTo: '2026-11-15' });
    expect(ids(november)).toEqual([ticket.middle.id, ticket.early.id]);
  });

  it('applies every filter of the panel', async () => {
    expect(ids(await report(company.admin, { ...range, status: '["closed"]' }))).toEqual([ticket.october.id]);
    expect(ids(await report(company.admin, { ...range, status: '["pending"]' }))).toEqual([ticket.middle.id]);
    expect(ids(await report(company.admin, { ...range, users: JSON.stringify([company.adminId]) }))).toEqual([
      ticket.late.id,
      ticket.october.id,
    ]);
    expect(ids(await report(company.admin, { ...range, status: '["open","pending"]' }))).toEqual([
      ticket.late.id,
      ticket.middle.id,
      ticket.early.id,
    ]);
    expect(ids(await report(company.admin, { ...range, users: JSON.stringify([agentOne.id]) }))).toEqual([ticket.early.id]);
    expect(ids(await report(company.admin, { ...range, queueIds: JSON.stringify([sales.id]) }))).toEqual([ticket.early.id]);
    expect(ids(await report(company.admin, { ...range, whatsappId: JSON.stringify([company.connectionId]) }))).toHaveLength(4);
    expect(ids(await report(company.admin, { ...range, whatsappId: '[999999]' }))).toEqual([]);
    expect(ids(await report(company.admin, { ...range, contactId: ticket.october.contactId }))).toEqual([
      ticket.late.id,
      ticket.october.id,
    ]);
    expect(ids(await report(company.admin, { ...range, onlyRated: true }))).toEqual([ticket.october.id]);
    // filters combine
    expect(
      ids(await report(company.admin, { ...range, contactId: ticket.october.contactId, status: '["closed"]', onlyRated: true })),
    ).toEqual([ticket.october.id]);
  });

  it('pages with the cursor, every page telling the report total', async () => {
    const first = await report(company.admin, { ...range, pageSize: 3 });
    expect(ids(first)).toEqual([ticket.late.id, ticket.middle.id, ticket.early.id]);
    expect(first.body).toMatchObject({ hasMore: true, totalTickets: { total: 4, exact: true } });
    // November is read to its start: the export's progress stands at the end of October
    expect(first.body.reachedAt).toBe('2026-11-01T00:00:00.000Z');
    const second = await report(company.admin, { ...range, pageSize: 3, cursor: first.body.nextCursor });
    expect(ids(second)).toEqual([ticket.october.id]);
    expect(second.body).toMatchObject({ hasMore: false, nextCursor: null, totalTickets: { total: 4, exact: true } });
  });

  it('covers the first day of the month to today when no dates are given', () => {
    at('2026-11-25T15:00:00.000Z');
    expect(reportRange({}, 'UTC')).toEqual({ from: '2026-11-01T00:00:00.000Z', to: '2026-11-25T23:59:59.999Z' });
  });

  it('is for admins and users with showDashboard; others get 403', async () => {
    expect((await report(plainAgent.client, range)).status).toBe(403);
    const bySupervisor = await report(supervisor.client, range);
    expect(bySupervisor.status).toBe(200);
    expect(ids(bySupervisor)).toHaveLength(4);
  });

  it("shows another company nothing of this company's tickets", async () => {
    const res = await report(other.admin, { ...range, contactId: ticket.october.contactId });
    expect(res.status).toBe(200);
    expect(res.body.tickets).toEqual([]);
    expect(ids(await report(other.admin, range))).toEqual([]);
  });

  it('refuses malformed filters with the field named', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ dateFrom: '2026-11-10', dateTo: '2026-11-01' }, 'query.dateTo'],
      [{ dateFrom: 'yesterday' }, 'query.dateFrom'],
      [{ dateFrom: '2020-01-01', dateTo: '2026-01-01' }, 'query.dateFrom'],
      [{ pageSize: 0 }, 'query.pageSize'],
      [{ pageSize: 100000 }, 'query.pageSize'],
      [{ status: '["bogus"]' }, 'query.status'],
      [{ users: '[oops' }, 'query.users'],
      [{ contactId: 'abc' }, 'query.contactId'],
      [{ cursor: 'not-a-cursor' }, 'query.cursor'],
    ];
    for (const [query, path] of cases) {
      const res = await report(company.admin, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(query)).toContain(path);
    }
  });

  it('gives tickets stored before the report existed their report rows once, at start', async () => {
    const stored = (await getTicketRecord(company.companyId, ticket.middle.id, true))!;
    const row = reportRowOf(stored);
    await table().send(new DeleteCommand({ TableName: tableName(), Key: { pk: row.pk, sk: row.sk } }));
    await table().send(new DeleteCommand({ TableName: tableName(), Key: { pk: 'MIGRATION', sk: 'ticket-report-rows' } }));
    expect(ids(await report(company.admin, range))).not.toContain(ticket.middle.id);
    // only the missing row is written: the others were written with their tickets
    expect(await backfillReportRows()).toBe(1);
    expect(ids(await report(company.admin, range))).toEqual([
      ticket.late.id,
      ticket.middle.id,
      ticket.early.id,
      ticket.october.id,
    ]);
    expect(await backfillReportRows()).toBe(0);
  });

  it('keeps the row of a ticket changed after the backfill read it, and writes none for a ticket deleted since', async () => {
    const stored = (await getTicketRecord(company.companyId, ticket.early.id, true))!;
    const row = reportRowOf(stored);
    const readBefore = { ...stored, status: stored.status === 'closed' ? ('open' as const) : ('closed' as const) };
    expect(await reportRowsBackfill.migrate(readBefore)).toBe(false);
    expect(
      (await table().send(new GetCommand({ TableName: tableName(), Key: { pk: row.pk, sk: row.sk }, ConsistentRead: true })))
        .Item,
    ).toEqual(row);

    const gone = { ...stored, id: stored.id + 10_000 };
    expect(await reportRowsBackfill.migrate(gone)).toBe(false);
    const goneRow = reportRowOf(gone);
    expect(
      (
        await table().send(
          new GetCommand({ TableName: tableName(), Key: { pk: goneRow.pk, sk: goneRow.sk }, ConsistentRead: true }),
        )
      ).Item,
    ).toBeUndefined();
  });

  it('names the export file and sheet as the spec does', () => {
    expect(REPORT_FILE_NAME).toBe('relatorio-de-atendimentos.xlsx');
    expect(REPORT_SHEET_NAME).toBe('RelatorioDeAtendimentos');
  });
});

/**
 * The counts `npm run bench:cost` prints come from the usage meter: here one operation of the bench (a visitor's
 * message in an open web chat conversation, with two users online) is measured with it, and each count is checked
 * against what the table itself reported for every call (its consumed capacity, table and indexes apart), the
 * frames the users' sockets received, and the inbound queue's message, so the figures cannot drift from the code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { table } from '../../functions/src/platform/table/client.ts';
import { addAgent, signupCompany, Visitor, type TestCompany } from '../../test/inbox.ts';
import { SocketProbe, startApi } from '../../test/api.ts';
import type { Runtime } from './runtime.ts';
import { installUsageCounters, measureUsage } from './usage-meter.ts';

interface Reported {
  CapacityUnits?: number;
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}

let runtime: Runtime;
let company: TestCompany;
const sockets: SocketProbe[] = [];

beforeAll(async () => {
  runtime = await startApi();
  company = await signupCompany(runtime, 'Custo Conferido');
  installUsageCounters();
});
afterAll(async () => {
  for (const s of sockets) await s.close();
  await runtime?.stop();
});

describe('the usage meter of the cost benchmark', () => {
  it('counts for one operation the units the table reported, the frames the sockets received and the queued message', async () => {
    const agent = await addAgent(runtime, company);
    sockets.push(await SocketProbe.open(runtime.url, `token=${company.admin.token}`));
    sockets.push(await SocketProbe.open(runtime.url, `token=${agent.client.token}`));
    const visitor = await new Visitor(runtime, company.webchatToken).start('Visitante Medido');
    await visitor.say('primeira mensagem');
    await runtime.idleQueues();

    // every table call's own report, table and indexes apart, as DynamoDB gives it when asked for INDEXES
    const reports: { read: boolean; units: Reported[] }[] = [];
    table().middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as Record<string, unknown>;
        input.ReturnConsumedCapacity = 'INDEXES';
        const out = await next(args);
        const raw = (out.output as { ConsumedCapacity?: Reported | Reported[] }).ConsumedCapacity;
        const read = ['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'TransactGetItemsCommand'].includes(
          context.commandName ?? '',
        );
        reports.push({ read, units: Array.isArray(raw) ? raw : raw ? [raw] : [] });
        return out;
      },
      { step: 'initialize', name: 'reportedCapacity', priority: 'high' },
    );
    const framesBefore = sockets.map((s) => s.frames.length);

    const { usage } = await measureUsage(async () => {
      await visitor.say('uma pergunta sobre a entrega');
      await runtime.idleQueues();
    });
    table().middlewareStack.remove('reportedCapacity');

    const partsOf = (r: Reported) =>
      (r.Table?.CapacityUnits ?? 0) +
      Object.values(r.GlobalSecondaryIndexes ?? {}).reduce((s, g) => s + (g.CapacityUnits ?? 0), 0);
    const sum = (read: boolean) =>
      reports.filter((r) => r.read === read).reduce((s, r) => s + r.units.reduce((u, c) => u + partsOf(c), 0), 0);
    expect(reports.length).toBeGreaterThan(0);
    expect(usage.tableCalls).toBe(reports.length);
    expect(usage.writeUnits).toBeGreaterThan(0);
    expect(usage.writeUnits).toBeCloseTo(sum(false), 6);
    expect(usage.readUnits).toBeCloseTo(sum(true), 6);
    // the index writes are part of what is counted, and counted apart too
    const indexWrites = reports
      .filter((r) => !r.read)
      .reduce(
        (s, r) =>
          s +
          r.units.reduce(
            (u, c) => u + Object.values(c.GlobalSecondaryIndexes ?? {}).reduce((g, i) => g + (i.CapacityUnits ?? 0), 0),
            0,
          ),
        0,
      );
    expect(indexWrites).toBeGreaterThan(0);
    expect(usage.indexWriteUnits).toBeCloseTo(indexWrites, 6);

    // both users may see the conversation: each socket received what was posted to it, and nothing else was posted
    const received = sockets.map((s, i) => s.frames.slice(framesBefore[i]));
    expect(received.every((frames) => frames.length > 0)).toBe(true);
    expect(usage.socketPosts).toBe(received.flat().length);
    expect(usage.socketBytes).toBe(received.flat().reduce((s, f) => s + Buffer.byteLength(JSON.stringify(f)), 0));
    expect(usage.queueMessages).toEqual({ 'inbound.fifo': 1 });
  });
});

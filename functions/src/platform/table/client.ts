/**
 * The table client, created once per cold start. Every call records its consumed capacity so that benchmarks
 * and tests can measure what a request costs (round trips and read/write units).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';

export interface CapacityMeter {
  /** requests sent to the table */
  roundTrips: number;
  /** requests that had to wait for an earlier one: requests sent in parallel count once */
  sequentialTrips: number;
  readUnits: number;
  writeUnits: number;
  /** of the units, those the indexes took (an item written is written again in each index it has keys for) */
  indexReadUnits: number;
  indexWriteUnits: number;
  /** requests by command and the shape of the key they named (digits as #), for telling what made them */
  byKey: Record<string, number>;
}

interface Meter extends CapacityMeter {
  /** requests under way: one sent while none is under way begins a new sequential trip */
  inFlight: number;
}

const meters = new Set<Meter>();

/** Measures the table calls made while `fn` runs (calls of concurrent work are counted too). */
export const measureCapacity = async <T>(fn: () => Promise<T>): Promise<{ result: T } & CapacityMeter> => {
  const meter: Meter = {
    roundTrips: 0,
    sequentialTrips: 0,
    readUnits: 0,
    writeUnits: 0,
    indexReadUnits: 0,
    indexWriteUnits: 0,
    inFlight: 0,
    byKey: {},
  };
  meters.add(meter);
  try {
    const result = await fn();
    return {
      result,
      roundTrips: meter.roundTrips,
      sequentialTrips: meter.sequentialTrips,
      readUnits: meter.readUnits,
      writeUnits: meter.writeUnits,
      indexReadUnits: meter.indexReadUnits,
      indexWriteUnits: meter.indexWriteUnits,
      byKey: meter.byKey,
    };
  } finally {
    meters.delete(meter);
  }
};

interface ConsumedCapacityLike {
  CapacityUnits?: number;
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}

/** The units a call's answer reports: all of them, and those of the indexes (asked for with INDEXES). */
const unitsOf = (output: unknown): { total: number; indexes: number } => {
  const raw = (output as { ConsumedCapacity?: ConsumedCapacityLike | ConsumedCapacityLike[] }).ConsumedCapacity;
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return {
    total: list.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0),
    indexes: list.reduce(
      (sum, c) => sum + Object.values(c.GlobalSecondaryIndexes ?? {}).reduce((s, g) => s + (g.CapacityUnits ?? 0), 0),
      0,
    ),
  };
};

/** The partition key a request names, digits replaced, e.g. `C#n#T#n` (a transaction or batch: its first item's). */
const keyShape = (input: Record<string, unknown>): string => {
  type Entry = Record<string, unknown> | undefined;
  const first = (v: unknown): Entry => (Array.isArray(v) ? (v[0] as Entry) : undefined);
  const tableRequest = input.RequestItems ? Object.values(input.RequestItems as Record<string, unknown>)[0] : undefined;
  const batchEntry = Array.isArray(tableRequest) ? first(tableRequest) : undefined;
  const batch =
    (batchEntry?.PutRequest as Entry)?.Item ?? (batchEntry?.DeleteRequest as Entry)?.Key ?? first((tableRequest as Entry)?.Keys);
  const transact = first(input.TransactItems);
  const inner = transact ? (Object.values(transact)[0] as Entry) : undefined;
  const item = (input.Key ?? input.Item ?? inner?.Key ?? inner?.Item ?? batch) as
    Record<string, { S?: string } | string> | undefined;
  const values = input.ExpressionAttributeValues as Record<string, { S?: string } | string> | undefined;
  const raw = item?.pk ?? values?.[':pk'];
  const pk = typeof raw === 'string' ? raw : raw?.S;
  return pk ? pk.replace(/\d+/g, '#') : '-';
};

const READ_COMMANDS = new Set(['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'TransactGetItemsCommand']);

let doc: DynamoDBDocumentClient | undefined;

export const table = (): DynamoDBDocumentClient => {
  if (doc) return doc;
  const cfg = config();
  const base = new DynamoDBClient({
    region: cfg.AWS_REGION,
    ...(cfg.DYNAMODB_ENDPOINT ? { endpoint: cfg.DYNAMODB_ENDPOINT } : {}),
    ...(cfg.RUNTIME === 'local'
      ? {
          credentials: {
            accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'local',
            secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
          },
        }
      : {}),
  });
  base.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      if (meters.size > 0 && input && !('ReturnConsumedCapacity' in input)) input.ReturnConsumedCapacity = 'INDEXES';
      const watching = [...meters];
      for (const m of watching) {
        if (m.inFlight === 0) m.sequentialTrips += 1;
        m.inFlight += 1;
      }
      let out: Awaited<ReturnType<typeof next>>;
      try {
        out = await next(args);
      } finally {
        for (const m of watching) m.inFlight -= 1;
      }
      if (meters.size > 0) {
        const units = unitsOf(out.output);
        const isRead = READ_COMMANDS.has(context.commandName ?? '');
        const shape = `${context.commandName ?? '?'} ${keyShape(input)}`;
        for (const m of meters) {
          m.roundTrips += 1;
          m.byKey[shape] = (m.byKey[shape] ?? 0) + 1;
          if (isRead) {
            m.readUnits += units.total;
            m.indexReadUnits += units.indexes;
          } else {
            m.writeUnits += units.total;
            m.indexWriteUnits += units.indexes;
          }
        }
      }
      return out;
    },
    { step: 'initialize', name: 'capacityMeter' },
  );
  doc = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return doc;
};

/** One write of a TransactWriteItems call; modules hand these to each other to commit changes together. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const tableName = (): string => config().TABLE_NAME;

export const resetTableClient = (): void => {
  doc?.destroy();
  doc = undefined;
};

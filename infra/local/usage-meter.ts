/**
 * What an operation spends in AWS terms, counted on the local runtime while it runs: the table's read and write units
 * as DynamoDB reports them (ReturnConsumedCapacity, GSI writes included), the messages sent to each queue and their
 * bytes, the scheduler's calls, and the frames posted to sockets with their bytes. The counters wrap the ports the
 * runtime registered (functions/src/platform/ports/ports.ts), so every function of the process is counted, also
 * what its queue consumers and listeners do after the request answered, as long as the operation waits for them.
 */
import { measureCapacity } from '../../functions/src/platform/table/client.ts';
import { queue, scheduler, setLocalPorts, socketConnections } from '../../functions/src/platform/ports/ports.ts';
import type { QueueName } from '../../functions/src/platform/ports/queue.ts';

export interface Usage {
  /** requests to the table, and the read and write capacity units it reported for them */
  tableCalls: number;
  readUnits: number;
  writeUnits: number;
  /** of the write units, those the indexes took */
  indexWriteUnits: number;
  /** table requests by command and key shape, for telling what made them */
  tableCallsByKey: Record<string, number>;
  /** messages sent to each queue, and their bytes */
  queueMessages: Partial<Record<QueueName, number>>;
  queueBytes: number;
  /** visibility changes (a deferral, a receipt that waits) */
  visibilityChanges: number;
  /** schedules created or changed, and cancelled */
  schedulerCalls: number;
  /** frames posted to sockets (API Gateway @connections calls), and their bytes */
  socketPosts: number;
  socketBytes: number;
}

interface Counters {
  queueMessages: Partial<Record<QueueName, number>>;
  queueBytes: number;
  visibilityChanges: number;
  schedulerCalls: number;
  socketPosts: number;
  socketBytes: number;
}

const zero = (): Counters => ({
  queueMessages: {},
  queueBytes: 0,
  visibilityChanges: 0,
  schedulerCalls: 0,
  socketPosts: 0,
  socketBytes: 0,
});

let live: Counters | undefined;

/**
 * Wraps the registered queue, scheduler and socket ports with counters, once; call after the runtime started. The
 * ports behave as before.
 */
export const installUsageCounters = (): void => {
  const q = queue();
  const s = scheduler();
  const sockets = socketConnections();
  const count = (change: (c: Counters) => void) => {
    if (live) change(live);
  };
  setLocalPorts({
    queue: {
      send: (name, message) => {
        count((c) => {
          c.queueMessages[name] = (c.queueMessages[name] ?? 0) + 1;
          c.queueBytes += Buffer.byteLength(message.body);
        });
        return q.send(name, message);
      },
      changeVisibility: (name, handle, seconds) => {
        count((c) => (c.visibilityChanges += 1));
        return q.changeVisibility(name, handle, seconds);
      },
    },
    scheduler: {
      schedule: (job) => {
        count((c) => (c.schedulerCalls += 1));
        return s.schedule(job);
      },
      cancel: (name) => {
        count((c) => (c.schedulerCalls += 1));
        return s.cancel(name);
      },
    },
    socketConnections: {
      post: (connectionId, data) => {
        count((c) => {
          c.socketPosts += 1;
          c.socketBytes += Buffer.byteLength(data);
        });
        return sockets.post(connectionId, data);
      },
      close: (connectionId) => sockets.close(connectionId),
    },
  });
};

/** Counts what `operation` spends; one measurement at a time (the counters are the process's). */
export const measureUsage = async <T>(operation: () => Promise<T>): Promise<{ result: T; usage: Usage }> => {
  if (live) throw new Error('measureUsage does not nest: one operation is measured at a time');
  live = zero();
  try {
    const measured = await measureCapacity(operation);
    const counted = live;
    return {
      result: measured.result,
      usage: {
        tableCalls: measured.roundTrips,
        readUnits: measured.readUnits,
        writeUnits: measured.writeUnits,
        indexWriteUnits: measured.indexWriteUnits,
        tableCallsByKey: measured.byKey,
        ...counted,
      },
    };
  } finally {
    live = undefined;
  }
};

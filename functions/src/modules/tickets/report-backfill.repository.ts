/**
 * A one-off write of the report rows (ticket.entity.ts) of tickets stored before the report existed. It lives apart
 * from the repository because it Scans the table (through the backfill runner): no request path (and no function's
 * role but the jobs function's) needs that. Until it is done, the report leaves those older tickets out.
 */
import { runBackfill, type Backfill } from '../../platform/table/backfill.repository.ts';
import { tableName } from '../../platform/table/client.ts';
import { transactUnlessStale } from '../../platform/table/guarded-writes.ts';
import { reportRowOf, ticketKey, type TicketRecord } from './ticket.entity.ts';

/**
 * A row is written only where none is and while its ticket exists: a row that exists was written with its ticket
 * (every change of a reported field writes it), so a ticket changed after its page was read keeps its newer row, and
 * one deleted meanwhile gets none.
 */
export const reportRowsBackfill: Backfill<TicketRecord> = {
  id: 'ticket-report-rows',
  scan: { filter: '#type = :type', names: { '#type': 'type' }, values: { ':type': 'ticket' } },
  migrate: async (ticket) => {
    const written = await transactUnlessStale([
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: ticketKey(ticket.companyId, ticket.id),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      { Put: { TableName: tableName(), Item: reportRowOf(ticket), ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
    return written === 'ok';
  },
};

/** The whole backfill in one run; answers how many rows it wrote (none once done). */
export const backfillReportRows = async (): Promise<number> => (await runBackfill(reportRowsBackfill)).changed;

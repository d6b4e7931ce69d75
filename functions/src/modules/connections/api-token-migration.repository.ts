/**
 * A one-off rewrite of the connections stored when one token served both a web chat's widget and the external
 * messages API (connection.entity.ts): the token of a web chat is public (customers embed it in their sites), so it
 * becomes the chat's widget key (its `WEBCHAT#` marker stays and the embedded tags keep working) and the chat gets a
 * new secret API token; every other connection's token becomes its API token (its `APITOKEN#` marker is written and
 * the `WEBCHAT#` one it had is removed), so companies' systems keep calling with it.
 * It lives apart from the repository because it Scans the table (through the backfill runner): no request path needs
 * that. Every write is conditioned, so a second or concurrent run changes nothing; until a connection is migrated,
 * the lookups read its old markers (connection-lookup.service.ts). The rewrite of one connection lives in
 * legacy-credentials.repository.ts, which regenerating a credential also runs.
 */
import { runBackfill, type Backfill } from '../../platform/table/backfill.repository.ts';
import type { ConnectionItem } from './connection.entity.ts';
import { migrateConnectionCredentials } from './legacy-credentials.repository.ts';

export const connectionApiTokensBackfill: Backfill<ConnectionItem> = {
  id: 'connection-api-tokens',
  scan: {
    filter: '#type = :type AND attribute_exists(#token)',
    names: { '#type': 'type', '#token': 'token' },
    values: { ':type': 'connection' },
  },
  migrate: migrateConnectionCredentials,
};

/** The whole migration in one run; answers how many connections it changed (none once done). */
export const migrateConnectionApiTokens = async (): Promise<number> => (await runBackfill(connectionApiTokensBackfill)).changed;

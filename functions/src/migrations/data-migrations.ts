/**
 * The one-off rewrites of data stored by an earlier version, each a Scan that runs once per installation (a
 * marker item records it is done) and is safe to run again or concurrently. Run by the local runtime at start,
 * and in AWS by the jobs function before the first batch of each cold start (the only function allowed to Scan):
 * after the first run, each is one read.
 */
import { logger } from '../platform/logger.ts';
import { sealPlainGraphSecrets } from '../modules/connections/graph-secrets-backfill.repository.ts';
import { migrateConnectionApiTokens } from '../modules/connections/api-token-migration.repository.ts';
import { moveLegacySearchItems } from '../modules/contacts/search-migration.repository.ts';
import { backfillTagContactCounts } from '../modules/tags/tag-contact-count-backfill.repository.ts';
import { backfillReportRows } from '../modules/tickets/report-backfill.repository.ts';

export const runDataMigrations = async (): Promise<void> => {
  const done = {
    // contact search items move to the spread-out index layout
    searchItemsMoved: await moveLegacySearchItems(),
    // tickets stored before the ticket report existed get their report rows
    reportRowsWritten: await backfillReportRows(),
    // connections stored when one token was both a web chat's widget address and the API's bearer: a web chat's
    // becomes its public widget key and it gets a secret API token; every other connection's token is its API token
    apiTokensMigrated: await migrateConnectionApiTokens(),
    // tags stored before they kept a contact count get theirs (the campaign dialog offers only tags with contacts)
    tagContactsCounted: await backfillTagContactCounts(),
    // Graph connections stored when their Meta secrets were kept plain get them sealed with the data key
    graphSecretsSealed: await sealPlainGraphSecrets(),
  };
  if (Object.values(done).some((n) => n > 0)) logger.info('data migrations ran', done);
};

let once: Promise<void> | undefined;

/** The migrations, once per process; a failed run is tried again on the next call. */
export const dataMigrationsOnce = (): Promise<void> =>
  (once ??= runDataMigrations().catch((error: unknown) => {
    once = undefined;
    throw error;
  }));

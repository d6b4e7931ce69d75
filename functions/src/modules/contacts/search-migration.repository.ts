/**
 * A one-off move of the contact search index to its spread layout. It lives apart from the repository because it
 * Scans the table (through the backfill runner): no request path (and no function's role but the jobs function's)
 * needs that. Until an item is moved, searches do not find the contact by that item's token.
 */
import { runBackfill, type Backfill } from '../../platform/table/backfill.repository.ts';
import { tableName } from '../../platform/table/client.ts';
import { transactUnlessStale } from '../../platform/table/guarded-writes.ts';
import { legacySearchPk, searchKey, type SearchIndexItem } from './contact.entity.ts';

/**
 * Moves search index items written before the index was spread over partitions (all in one partition per company)
 * to their token's partition. The move happens only while the old item is still there, so an item another run
 * moved (or that was removed since its page was read) is not written again.
 */
export const searchSpreadBackfill: Backfill<SearchIndexItem> = {
  id: 'contact-search-spread',
  scan: {
    filter: '#type = :type AND NOT contains(pk, :spread)',
    names: { '#type': 'type' },
    values: { ':type': 'contactSearch', ':spread': '#CSEARCH#' },
  },
  migrate: async (item) => {
    if (item.pk !== legacySearchPk(item.companyId)) return false;
    const token = item.sk.slice(0, item.sk.lastIndexOf('#'));
    const moved = await transactUnlessStale([
      { Put: { TableName: tableName(), Item: { ...item, ...searchKey(item.companyId, token, item.contactId) } } },
      { Delete: { TableName: tableName(), Key: { pk: item.pk, sk: item.sk }, ConditionExpression: 'attribute_exists(pk)' } },
    ]);
    return moved === 'ok';
  },
};

/** The whole move in one run; answers how many items moved (none once done). */
export const moveLegacySearchItems = async (): Promise<number> => (await runBackfill(searchSpreadBackfill)).changed;

/**
 * Turns a stored item into the record a repository answers: without the attributes the table keeps for itself
 * (its keys, the indexes' keys, the item kind), so no key shape leaks past the repository that owns it.
 */
import { globalIndexes, tableKeys } from './table-definition.ts';

type IndexAttribute = (typeof globalIndexes)[number]['partitionKey' | 'sortKey'];
export type TableAttribute = (typeof tableKeys)[keyof typeof tableKeys] | IndexAttribute | 'type';

const TABLE_ATTRIBUTES: readonly string[] = [
  tableKeys.partitionKey,
  tableKeys.sortKey,
  'type',
  ...globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
];

const without = (item: object, dropped: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !TABLE_ATTRIBUTES.includes(name) && !dropped.includes(name)));

export const strip = <I extends object>(item: I): Omit<I, TableAttribute> => without(item, []) as Omit<I, TableAttribute>;

/** A `strip` that also drops attributes a repository keeps on the item for itself (a search text, a counter's bookkeeping). */
export const stripWith =
  <K extends string>(...extra: K[]) =>
  <I extends object>(item: I): Omit<I, TableAttribute | K> =>
    without(item, extra) as Omit<I, TableAttribute | K>;

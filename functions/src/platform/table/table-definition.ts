/**
 * The one DynamoDB table, described once. The CDK stack and the local runtime (and the test harness) both
 * create it from this definition, so the emulator and AWS never drift.
 */
export const TTL_ATTRIBUTE = 'expiresAt';

export const tableKeys = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** Sparse global secondary indexes with generic key names; each module documents what it stores in them. */
export const globalIndexes = [
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
] as const;
export type IndexName = (typeof globalIndexes)[number]['indexName'];

/** CreateTable input for DynamoDB (Local): on-demand billing, string keys, all attributes projected. */
export const createTableInput = (tableName: string) => ({
  TableName: tableName,
  BillingMode: 'PAY_PER_REQUEST' as const,
  AttributeDefinitions: [
    { AttributeName: tableKeys.partitionKey, AttributeType: 'S' as const },
    { AttributeName: tableKeys.sortKey, AttributeType: 'S' as const },
    ...globalIndexes.flatMap((g) => [
      { AttributeName: g.partitionKey, AttributeType: 'S' as const },
      { AttributeName: g.sortKey, AttributeType: 'S' as const },
    ]),
  ],
  KeySchema: [
    { AttributeName: tableKeys.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: tableKeys.sortKey, KeyType: 'RANGE' as const },
  ],
  GlobalSecondaryIndexes: globalIndexes.map((g) => ({
    IndexName: g.indexName,
    KeySchema: [
      { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: 'ALL' as const },
  })),
});

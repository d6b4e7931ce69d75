import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { globalIndexes, tableKeys, TTL_ATTRIBUTE } from '@switchboard/functions/platform/table/table-definition';
import { Construct } from 'constructs';

const stringKey = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });

/** The one table, built from the same definition the local runtime uses so the two never drift. */
export class AppTable extends Construct {
  readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: stringKey(tableKeys.partitionKey),
      sortKey: stringKey(tableKeys.sortKey),
      billing: dynamodb.Billing.onDemand(),
      timeToLiveAttribute: TTL_ATTRIBUTE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // all tenants' data lives here: never dropped by a stack update or deletion
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      globalSecondaryIndexes: globalIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      })),
    });
  }
}

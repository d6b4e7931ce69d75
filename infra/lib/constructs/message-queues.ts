import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { outboundDelivery } from '@switchboard/functions/platform/ports/queue';
import type { QueueName } from '../function-modules.ts';

export const MAX_RECEIVE_COUNT = 5;
/** six times the function timeout, as AWS recommends for Lambda event sources */
const VISIBILITY_TIMEOUT_SECONDS = 180;

interface QueueDefinition {
  fifo: boolean;
  urlEnv: string;
  /** over the defaults above, where the consumer's code relies on other values */
  delivery?: { visibilityTimeoutSeconds: number; maxReceiveCount: number };
}

/** Queue settings and the env variable that carries each queue's URL to the code. */
export const queueDefinitions: Record<QueueName, QueueDefinition> = {
  inbound: { fifo: true, urlEnv: 'QUEUE_URL_INBOUND' },
  // the sender's claims and retries are built on these (functions/src/modules/outbound)
  outbound: { fifo: true, urlEnv: 'QUEUE_URL_OUTBOUND', delivery: outboundDelivery },
  // WhatsApp (Baileys) sends, consumed by the connector task holding the session with the same sender
  connectorOutbound: { fifo: true, urlEnv: 'QUEUE_URL_CONNECTOR_OUTBOUND', delivery: outboundDelivery },
  jobs: { fifo: false, urlEnv: 'QUEUE_URL_JOBS' },
  connectorCommands: { fifo: false, urlEnv: 'QUEUE_URL_CONNECTOR_COMMANDS' },
};

/** The four work queues, each with its own dead-letter queue. */
export class MessageQueues extends Construct {
  readonly queues: Record<QueueName, sqs.Queue>;
  readonly deadLetterQueues: Record<QueueName, sqs.Queue>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const queues: Partial<Record<QueueName, sqs.Queue>> = {};
    const dlqs: Partial<Record<QueueName, sqs.Queue>> = {};

    for (const [name, def] of Object.entries(queueDefinitions) as [QueueName, QueueDefinition][]) {
      const common = {
        enforceSSL: true,
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        fifo: def.fifo || undefined,
      };
      // FIFO: dedup ids come from the channel message id, not the body; throughput is per conversation group
      const fifo = def.fifo
        ? {
            contentBasedDeduplication: false,
            deduplicationScope: sqs.DeduplicationScope.MESSAGE_GROUP,
            fifoThroughputLimit: sqs.FifoThroughputLimit.PER_MESSAGE_GROUP_ID,
          }
        : {};
      const dlq = new sqs.Queue(this, `${pascal(name)}Dlq`, {
        ...common,
        ...fifo,
        retentionPeriod: Duration.days(14),
      });
      queues[name] = new sqs.Queue(this, pascal(name), {
        ...common,
        ...fifo,
        visibilityTimeout: Duration.seconds(def.delivery?.visibilityTimeoutSeconds ?? VISIBILITY_TIMEOUT_SECONDS),
        retentionPeriod: Duration.days(4),
        deadLetterQueue: { queue: dlq, maxReceiveCount: def.delivery?.maxReceiveCount ?? MAX_RECEIVE_COUNT },
      });
      dlqs[name] = dlq;
    }
    this.queues = queues as Record<QueueName, sqs.Queue>;
    this.deadLetterQueues = dlqs as Record<QueueName, sqs.Queue>;
  }

  /** QUEUE_URL_* variables for every queue. */
  urlEnvironment(): Record<string, string> {
    return Object.fromEntries(
      (Object.keys(queueDefinitions) as QueueName[]).map((name) => [queueDefinitions[name].urlEnv, this.queues[name].queueUrl]),
    );
  }
}

const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);

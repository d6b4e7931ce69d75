/**
 * Entry of the connector container on Fargate: the session manager (connector.ts) fed by SQS long polling of
 * `connector-commands` and `connector-outbound.fifo`. On SIGTERM (ECS stopping the task) it stops polling, lets the
 * batches in hand finish, closes the sessions without logging out and releases their leases, so another task takes
 * them over at once.
 */
import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { DEFAULT_HEALTH_PORT, PollLiveness, startHealthServer } from './health/health.ts';

const log = (level: 'info' | 'warn' | 'error', message: string, data: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level, message, ...data }));

const toRecord = (queueArn: string, m: Message): SQSRecord =>
  ({
    messageId: m.MessageId!,
    receiptHandle: m.ReceiptHandle!,
    body: m.Body ?? '',
    attributes: {
      ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
      SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
      SenderId: '',
      ApproximateFirstReceiveTimestamp: m.Attributes?.ApproximateFirstReceiveTimestamp ?? '',
      ...(m.Attributes?.MessageGroupId ? { MessageGroupId: m.Attributes.MessageGroupId } : {}),
    },
    messageAttributes: {},
    md5OfBody: m.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: process.env.AWS_REGION ?? '',
  }) as SQSRecord;

/**
 * Long-polls one queue and hands each batch to `handler`; what it reports failed stays for redelivery. Each
 * completed receive is a beat of `liveness` (the health check's view of this poll).
 */
const poll = async (
  sqs: SQSClient,
  url: string,
  handler: (e: SQSEvent) => Promise<SQSBatchResponse>,
  batchSize: number,
  stopping: () => boolean,
  liveness: PollLiveness,
) => {
  while (!stopping()) {
    try {
      const out = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: url,
          MaxNumberOfMessages: batchSize,
          WaitTimeSeconds: 20,
          MessageSystemAttributeNames: ['All'],
        }),
      );
      liveness.beat();
      const messages = out.Messages ?? [];
      if (messages.length === 0) continue;
      const response = await handler({ Records: messages.map((m) => toRecord(url, m)) });
      const failed = new Set(response.batchItemFailures.map((f) => f.itemIdentifier));
      const done = messages.filter((m) => !failed.has(m.MessageId!));
      if (done.length)
        await sqs.send(
          new DeleteMessageBatchCommand({
            QueueUrl: url,
            Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
          }),
        );
    } catch (error) {
      log('warn', 'queue poll failed', { url, error: (error as Error).message });
      await new Promise((r) => setTimeout(r, 5000));
    }
  }
};

const main = async () => {
  let stopping = false;
  // listening before the first line, so a stop that follows the start line at once is never missed
  const waitForSignal = new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  log('info', 'connector started');
  const keepAlive = setInterval(() => undefined, 60_000);
  const commandsUrl = process.env.QUEUE_URL_CONNECTOR_COMMANDS;
  const outboundUrl = process.env.QUEUE_URL_CONNECTOR_OUTBOUND;
  let stopConnector: (() => Promise<void>) | undefined;
  const polls: Promise<void>[] = [];
  const liveness: PollLiveness[] = [];
  // unhealthy until configured and polling: ECS replaces a task that never gets there
  const health = await startHealthServer(
    Number(process.env.CONNECTOR_HEALTH_PORT ?? DEFAULT_HEALTH_PORT),
    () => liveness.length > 0 && liveness.every((l) => l.alive()),
  );
  if (!process.env.TABLE_NAME || !commandsUrl || !outboundUrl) {
    log(
      'error',
      'connector not configured: TABLE_NAME, QUEUE_URL_CONNECTOR_COMMANDS and QUEUE_URL_CONNECTOR_OUTBOUND are required; idle',
    );
  } else {
    const { startConnector } = await import('./connector.ts');
    // the listeners of the manifest's connector entry (the sessions' state reaches the browsers, a campaign's failed
    // send its report), registered by the composition root written from it
    const { registerConnectorListeners } = await import('../../functions/src/facades/whatsapp-connector.facade.ts');
    registerConnectorListeners();
    const { baileysSocketFactory } = await import('./sessions/socket-factory.ts');
    const connector = await startConnector({
      socketFactory: baileysSocketFactory({ waWebSocketUrl: process.env.WA_WEBSOCKET_URL || undefined }),
    });
    stopConnector = () => connector.stop();
    const sqs = new SQSClient({});
    const pollOf = (url: string, handler: (e: SQSEvent) => Promise<SQSBatchResponse>, batchSize: number) => {
      const beats = new PollLiveness();
      liveness.push(beats);
      polls.push(poll(sqs, url, handler, batchSize, () => stopping, beats));
    };
    pollOf(commandsUrl, connector.commands, 10);
    // one send per batch, as the outbound function: a deferred send's backoff stays its own
    for (let i = 0; i < 4; i++) pollOf(outboundUrl, connector.outbound, 1);
  }
  const signal = await waitForSignal;
  log('info', 'connector stopping', { signal });
  stopping = true;
  // receives under way end within their 20 s wait; batches in hand finish first
  await Promise.race([Promise.allSettled(polls), new Promise((r) => setTimeout(r, 25_000))]);
  await stopConnector?.();
  await health.close();
  clearInterval(keepAlive);
  process.exit(0);
};

main().catch((error: unknown) => {
  log('error', 'connector failed', { error: (error as Error).message });
  process.exit(1);
});

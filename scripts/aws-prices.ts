/**
 * The prices `npm run bench:cost` turns counts into dollars with: AWS list prices of us-east-1 (N. Virginia), on
 * demand, without free tiers (they are per account, shared by every tenant), as published in November 2026. Other
 * regions cost more (São Paulo about 1.5x for DynamoDB and Lambda): price again before quoting a customer.
 */
export const PRICES = {
  region: 'us-east-1',
  date: '2026-11',
  /** DynamoDB on demand, per million write and read request units */
  dynamoWriteUnit: 0.625 / 1e6,
  dynamoReadUnit: 0.125 / 1e6,
  /** SQS FIFO, per million requests (each 64 KB of a message's payload is one request) */
  sqsFifoRequest: 0.5 / 1e6,
  /** SQS standard (the jobs queue) */
  sqsStandardRequest: 0.4 / 1e6,
  /** Lambda, per million requests, and per GB-second on arm64 */
  lambdaRequest: 0.2 / 1e6,
  lambdaGbSecondArm: 0.0000133334,
  /** API Gateway: HTTP API requests; WebSocket messages (each 32 KB one message) and connection minutes */
  httpApiRequest: 1.0 / 1e6,
  webSocketMessage: 1.0 / 1e6,
  webSocketConnectionMinute: 0.25 / 1e6,
  /** EventBridge Scheduler, per million invocations */
  schedulerInvocation: 1.0 / 1e6,
  /** CloudWatch Logs ingestion, per GB */
  logsIngestGb: 0.5,
  /** data out to the internet, per GB */
  dataOutGb: 0.09,
} as const;

/**
 * What the counts do not give and the dollars need, stated rather than measured: how long a Lambda invocation runs
 * and with how much memory (the functions are deployed at 1,024 MB on arm64), and how much it logs.
 */
export const ASSUMPTIONS = {
  lambdaMemoryGb: 1,
  lambdaSecondsPerInvocation: 0.05,
  logBytesPerInvocation: 600,
  /** SQS requests per message: the send, its share of a receive and of a delete (a batch of one at this rate) */
  sqsRequestsPerMessage: 3,
} as const;

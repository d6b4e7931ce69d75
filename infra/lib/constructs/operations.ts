import { CfnCondition, CfnParameter, Duration, Fn } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as ecs from 'aws-cdk-lib/aws-ecs';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';

export interface OperationsProps {
  deadLetterQueues: Record<string, sqs.IQueue>;
  functions: ReadonlyMap<string, lambda.IFunction>;
  httpApi: apigw.IHttpApi;
  webSocketApi: apigw.IWebSocketApi;
  webSocketStage: string;
  connectorService: ecs.FargateService;
  /**
   * Log groups, by name, of code that catches errors and goes on (socket posts from every function that publishes
   * and from the connector, $connect failures): their ERROR lines are counted into one metric, CAUGHT_ERRORS_METRIC,
   * since no function's Errors metric sees them.
   */
  caughtErrorLogs?: Record<string, logs.ILogGroup>;
}

/** The namespace of the metrics read off our own logs. */
export const LOG_METRICS_NAMESPACE = 'Switchboard';
/** ERROR lines logged by every watched log group, summed in one metric with one alarm. */
export const CAUGHT_ERRORS_METRIC = 'CaughtErrors';

/** Structured log lines of level ERROR, as the platform logger (Powertools, JSON) and Lambda's JSON format write them. */
export const ERROR_LINES = logs.FilterPattern.stringValue('$.level', '=', 'ERROR');

/**
 * What an operator is woken up for: a message in any dead-letter queue, a function that fails or is throttled,
 * errors a function or the connector caught and logged, 5xx answers of either API, and the connector service without a running task. Every alarm notifies one SNS
 * topic; the e-mail address that subscribes to it is the stack parameter AlarmEmail (none when left empty).
 */
export class Operations extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    const email = new CfnParameter(this, 'AlarmEmail', {
      type: 'String',
      default: '',
      description: 'E-mail address that receives the alarms (confirm the subscription mail AWS sends); empty for none',
    });
    // a stable name, for `cdk deploy --parameters AlarmEmail=...`
    email.overrideLogicalId('AlarmEmail');
    this.topic = new sns.Topic(this, 'Alarms', { displayName: 'Switchboard alarms', enforceSSL: true });
    acknowledge(
      this.topic,
      'Alarm notifications carry metric names and thresholds only; the default SNS key suffices.',
      'AwsSolutions-SNS2',
    );
    const subscribe = new CfnCondition(this, 'HasAlarmEmail', {
      expression: Fn.conditionNot(Fn.conditionEquals(email.valueAsString, '')),
    });
    const subscription = new sns.CfnSubscription(this, 'AlarmEmailSubscription', {
      topicArn: this.topic.topicArn,
      protocol: 'email',
      endpoint: email.valueAsString,
    });
    subscription.cfnOptions.condition = subscribe;

    const notify = new actions.SnsAction(this.topic);
    const alarm = (
      name: string,
      metric: cloudwatch.IMetric,
      description: string,
      comparison = cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      threshold = 0,
      missing = cloudwatch.TreatMissingData.NOT_BREACHING,
    ) => {
      const created = new cloudwatch.Alarm(this, name, {
        metric,
        threshold,
        comparisonOperator: comparison,
        evaluationPeriods: 1,
        treatMissingData: missing,
        alarmDescription: description,
      });
      created.addAlarmAction(notify);
      this.alarms.push(created);
      return created;
    };

    for (const [name, dlq] of Object.entries(props.deadLetterQueues)) {
      alarm(
        `${name}DlqNotEmpty`,
        dlq.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
        `A message of ${name} failed every retry and waits in its dead-letter queue`,
      );
    }
    for (const [module, fn] of props.functions) {
      alarm(`${module}FunctionErrors`, fn.metricErrors({ period: Duration.minutes(5) }), `The ${module} function failed`);
      alarm(
        `${module}FunctionThrottles`,
        fn.metricThrottles({ period: Duration.minutes(5) }),
        `The ${module} function was throttled`,
      );
    }
    const caughtErrorLogs = Object.entries(props.caughtErrorLogs ?? {});
    for (const [name, logGroup] of caughtErrorLogs) {
      new logs.MetricFilter(this, `${name}CaughtErrorsFilter`, {
        logGroup,
        filterPattern: ERROR_LINES,
        metricNamespace: LOG_METRICS_NAMESPACE,
        metricName: CAUGHT_ERRORS_METRIC,
        metricValue: '1',
        defaultValue: 0,
      });
    }
    // one alarm for all of them: an alarm per log group would cost a monthly fee each and say no more
    if (caughtErrorLogs.length > 0) {
      alarm(
        CAUGHT_ERRORS_METRIC,
        new cloudwatch.Metric({
          namespace: LOG_METRICS_NAMESPACE,
          metricName: CAUGHT_ERRORS_METRIC,
          period: Duration.minutes(5),
          statistic: 'Sum',
        }),
        'A function or the connector caught and logged errors (search the log groups for level ERROR)',
      );
    }
    alarm(
      'HttpApi5xx',
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName: '5xx',
        dimensionsMap: { ApiId: props.httpApi.apiId },
        period: Duration.minutes(5),
        statistic: 'Sum',
      }),
      'The HTTP API answered with server errors',
    );
    alarm(
      'WebSocketErrors',
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName: 'ExecutionError',
        dimensionsMap: { ApiId: props.webSocketApi.apiId, Stage: props.webSocketStage },
        period: Duration.minutes(5),
        statistic: 'Sum',
      }),
      'The WebSocket API failed to run its integration',
    );
    alarm(
      'ConnectorNotRunning',
      new cloudwatch.Metric({
        namespace: 'ECS/ContainerInsights',
        metricName: 'RunningTaskCount',
        dimensionsMap: {
          ClusterName: props.connectorService.cluster.clusterName,
          ServiceName: props.connectorService.serviceName,
        },
        period: Duration.minutes(1),
        statistic: 'Minimum',
      }),
      'The WhatsApp connector service has no running task',
      cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
      1,
      // a service without tasks may report nothing at all
      cloudwatch.TreatMissingData.BREACHING,
    );
  }
}

import { RemovalPolicy } from 'aws-cdk-lib';
import * as apigwv1 from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { acknowledge, managedPolicyFinding } from '../nag.ts';
import { API_BURST_LIMIT, API_RATE_LIMIT } from './http-api.ts';

/**
 * The stage name is also the path CloudFront forwards (`/ws`): WebSocket APIs accept connections only on
 * `/<stage>`, so naming the stage `ws` lets the `/ws` behaviour pass the path through unchanged.
 */
export const WEBSOCKET_STAGE = 'ws';

export const WEBSOCKET_ROUTES = ['$connect', '$disconnect', '$default'] as const;

/** API Gateway WebSocket API; one function serves $connect, $disconnect and $default. */
export class RealtimeApi extends Construct {
  readonly api: apigw.WebSocketApi;
  readonly stage: apigw.WebSocketStage;

  /**
   * `manageAccountLogging` (default true) sets the region's API Gateway account setting to a logging role of
   * this stack, which WebSocket access logs need. The setting is account-wide: an account whose setting is
   * managed elsewhere deploys with `-c switchboard:apiGatewayAccount=false` (README, Deploying).
   */
  constructor(scope: Construct, id: string, props: { manageAccountLogging?: boolean } = {}) {
    super(scope, id);
    this.api = new apigw.WebSocketApi(this, 'Api', { description: 'Switchboard realtime events' });

    // WebSocket (unlike HTTP) API logging needs the regional account setting that names a CloudWatch role
    let account: apigwv1.CfnAccount | undefined;
    if (props.manageAccountLogging ?? true) {
      const pushToCloudWatch = iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs');
      const cloudWatchRole = new iam.Role(this, 'ApiGatewayCloudWatchRole', {
        assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        managedPolicies: [pushToCloudWatch],
      });
      // kept on stack deletion: the setting is account-wide and other APIs of the region may rely on it
      cloudWatchRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
      account = new apigwv1.CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: cloudWatchRole.roleArn });
      acknowledge(
        cloudWatchRole,
        'AmazonAPIGatewayPushToCloudWatchLogs is the policy API Gateway documents for its account-level logging role.',
        managedPolicyFinding(this, pushToCloudWatch.managedPolicyArn),
      );
    }

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    this.stage = new apigw.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: WEBSOCKET_STAGE,
      autoDeploy: true,
      throttle: { rateLimit: API_RATE_LIMIT, burstLimit: API_BURST_LIMIT },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: apigwv1.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTimeEpoch',
            eventType: '$context.eventType',
            routeKey: '$context.routeKey',
            connectionId: '$context.connectionId',
            status: '$context.status',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    if (account) this.stage.node.addDependency(account);
  }

  /** Routes $connect, $disconnect and $default to the realtime function. */
  addRoutes(handler: IFunction): void {
    const integration = new WebSocketLambdaIntegration('realtime-integration', handler);
    for (const routeKey of WEBSOCKET_ROUTES) {
      const route = this.api.addRoute(routeKey, { integration });
      acknowledge(
        route,
        'Only $connect can carry an authorizer: it verifies the JWT from the query string in the realtime function; later frames belong to that authenticated connection.',
        'AwsSolutions-APIG4',
      );
    }
  }

  /** https://{apiId}.execute-api.{region}.amazonaws.com/{stage}, for the management API. */
  get callbackUrl(): string {
    return this.stage.callbackUrl;
  }
}

import { IgnoreMode, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge, wildcardResourceFinding } from '../nag.ts';
import { connectorDockerfile, repoRoot } from '../repo-paths.ts';

export interface ConnectorServiceProps {
  table: ITableV2;
  inboundQueue: IQueue;
  /** WhatsApp sends, made by the task holding the session */
  connectorOutboundQueue: IQueue;
  commandsQueue: IQueue;
  /** session states, QR codes and send outcomes are pushed to the agents' connections of this stage */
  webSocketStage: WebSocketStage;
  /** inbound media is stored here; media of outgoing messages is read from here */
  mediaBucket: IBucket;
  /** VPC flow logs go here */
  logBucket: IBucket;
  /**
   * container environment: what the functions' `config()` requires (TABLE_NAME, WS_MANAGEMENT_ENDPOINT,
   * PUBLIC_URL), the queue URLs and MEDIA_BUCKET; the connector runs the platform's services in process
   */
  environment: Record<string, string>;
  /** an image reference instead of building connector-container/Dockerfile at deploy time */
  image?: ecs.ContainerImage;
}

/**
 * Build context is the repo root (npm ci needs the workspace lockfile), narrowed to what the image uses;
 * this list is the .dockerignore of the asset, as it also decides what is staged into cdk.out.
 */
export const CONNECTOR_IMAGE_EXCLUDE = [
  '*',
  '!package.json',
  '!package-lock.json',
  '!.npmrc',
  '!*/package.json',
  '!shared/src',
  '!functions/src',
  '!connector-container/src',
  '!connector-container/build.mjs',
  '!connector-container/Dockerfile',
  '**/node_modules',
  '**/*.test.ts',
];

export const connectorImageFromAsset = (): ecs.ContainerImage =>
  ecs.ContainerImage.fromAsset(repoRoot, {
    file: connectorDockerfile,
    exclude: CONNECTOR_IMAGE_EXCLUDE,
    ignoreMode: IgnoreMode.DOCKER,
    platform: Platform.LINUX_AMD64,
  });

/** The WhatsApp connector: one long-running Fargate task holding the Baileys sockets. */
export class ConnectorService extends Construct {
  readonly vpc: ec2.Vpc;
  readonly cluster: ecs.Cluster;
  readonly service: ecs.FargateService;
  readonly taskDefinition: ecs.FargateTaskDefinition;

  constructor(scope: Construct, id: string, props: ConnectorServiceProps) {
    super(scope, id);

    // Public subnets with a public IP instead of a NAT gateway: the task only dials out (WhatsApp, AWS
    // APIs), its security group admits nothing inbound, and a NAT gateway would cost more than the task.
    this.vpc = new ec2.Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [{ name: 'public', subnetType: ec2.SubnetType.PUBLIC, cidrMask: 24 }],
    });
    this.vpc.addFlowLog('FlowLog', {
      destination: ec2.FlowLogDestination.toS3(props.logBucket, 'vpc-flow-logs/'),
      trafficType: ec2.FlowLogTrafficType.REJECT,
    });

    this.cluster = new ecs.Cluster(this, 'Cluster', {
      vpc: this.vpc,
      containerInsightsV2: ecs.ContainerInsights.ENABLED,
    });

    // x86: the image is built by `cdk deploy` on the deployer's machine, which needs no emulation for it
    this.taskDefinition = new ecs.FargateTaskDefinition(this, 'Task', {
      cpu: 512,
      memoryLimitMiB: 1024,
      runtimePlatform: {
        cpuArchitecture: ecs.CpuArchitecture.X86_64,
        operatingSystemFamily: ecs.OperatingSystemFamily.LINUX,
      },
    });
    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.taskDefinition.addContainer('connector', {
      image: props.image ?? connectorImageFromAsset(),
      logging: ecs.LogDrivers.awsLogs({ logGroup, streamPrefix: 'connector' }),
      environment: {
        RUNTIME: 'aws',
        AWS_REGION: Stack.of(this).region,
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
    });

    const taskRole = this.taskDefinition.taskRole;
    props.table.grantReadWriteData(taskRole);
    props.inboundQueue.grantSendMessages(taskRole);
    // WhatsApp sends only: the other channels' sends on outbound.fifo are the outbound function's
    props.connectorOutboundQueue.grantConsumeMessages(taskRole);
    props.commandsQueue.grantConsumeMessages(taskRole);
    // push to the agents' connections of our stage (ids are runtime values), as the functions that publish do
    const stack = Stack.of(this);
    const connections = stack.formatArn({
      service: 'execute-api',
      resource: props.webSocketStage.api.apiId,
      resourceName: `${props.webSocketStage.stageName}/*/@connections/*`,
    });
    taskRole.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connections] }));
    const mediaObjects = props.mediaBucket.arnForObjects('*');
    taskRole.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [mediaObjects] }));

    const securityGroup = new ec2.SecurityGroup(this, 'SecurityGroup', {
      vpc: this.vpc,
      description: 'Switchboard connector: outbound only',
      allowAllOutbound: true,
    });

    // one task; session leases in the table keep a single socket per session during rolling deploys
    this.service = new ecs.FargateService(this, 'Service', {
      cluster: this.cluster,
      taskDefinition: this.taskDefinition,
      desiredCount: 1,
      minHealthyPercent: 100,
      maxHealthyPercent: 200,
      assignPublicIp: true,
      vpcSubnets: { subnetType: ec2.SubnetType.PUBLIC },
      securityGroups: [securityGroup],
      circuitBreaker: { rollback: true },
    });

    acknowledge(this.taskDefinition, 'The environment holds resource names and URLs only, no secrets.', 'AwsSolutions-ECS2');
    acknowledge(
      taskRole,
      'Wildcards stay inside this stack: indexes of our table (session leases and auth state), connections of our WebSocket stage (ids are runtime values), objects of the media bucket (keys per message).',
      wildcardResourceFinding(this, `${props.table.tableArn}/index/*`),
      wildcardResourceFinding(this, connections),
      wildcardResourceFinding(this, mediaObjects),
    );
    acknowledge(
      this.taskDefinition.obtainExecutionRole(),
      'ecr:GetAuthorizationToken has no resource-level permissions; image pulls themselves are scoped to the asset repository.',
      'AwsSolutions-IAM5[Resource::*]',
    );
  }
}

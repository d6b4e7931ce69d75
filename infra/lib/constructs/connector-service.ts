import { Duration, IgnoreMode, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { healthCheckCommand } from '../../../connector-container/src/health/health.ts';
import { connectorManifest } from '../../../functions/src/deployment/manifest.ts';
import { queueKeyOf, type QueueName } from '../function-modules.ts';
import type { ModuleUses } from '../module-access.ts';
import { acknowledge, wildcardResourceFinding } from '../nag.ts';
import { grantPortUses, type PortAccess } from '../port-grants.ts';
import { connectorDockerfile, repoRoot } from '../repo-paths.ts';

export interface ConnectorServiceProps {
  /** the table, queues, scheduler, socket stage and media bucket: granted as far as `uses` reaches them */
  access: PortAccess;
  /** what the connector's code reaches (module-access.ts connectorUses) */
  uses: ModuleUses;
  /** the data key companies' secrets are sealed with, read when its code opens them (uses.dataKey) */
  dataKey?: ISecret;
  /** VPC flow logs go here */
  logBucket: IBucket;
  /** container environment: what its code reads (port-grants.ts environmentForUses), DATA_KEY_ARN included */
  environment: Record<string, string>;
  /** an image reference instead of building connector-container/Dockerfile at deploy time */
  image?: ecs.ContainerImage;
}

/** The queues main.ts polls (the manifest's connector entry): session commands and WhatsApp sends. */
export const CONNECTOR_CONSUMES: readonly QueueName[] = connectorManifest.consumes.map((c) => queueKeyOf[c.queue]);

/** Tasks the service may scale to; session leases keep one socket per WhatsApp number whatever the count. */
export const CONNECTOR_MAX_TASKS = 4;
/** average CPU of the service's tasks it scales out above and in below */
export const CONNECTOR_TARGET_CPU_PERCENT = 60;

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

/** The WhatsApp connector: long-running Fargate tasks holding the Baileys sockets, scaled on CPU. */
export class ConnectorService extends Construct {
  readonly vpc: ec2.Vpc;
  readonly cluster: ecs.Cluster;
  readonly service: ecs.FargateService;
  readonly taskDefinition: ecs.FargateTaskDefinition;
  readonly logGroup: logs.LogGroup;

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
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.taskDefinition.addContainer('connector', {
      image: props.image ?? connectorImageFromAsset(),
      logging: ecs.LogDrivers.awsLogs({ logGroup: this.logGroup, streamPrefix: 'connector' }),
      environment: {
        RUNTIME: 'aws',
        AWS_REGION: Stack.of(this).region,
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
      healthCheck: {
        command: healthCheckCommand(),
        interval: Duration.seconds(30),
        timeout: Duration.seconds(5),
        retries: 3,
        // the first receives of every poll complete within this, once the sessions have started
        startPeriod: Duration.seconds(120),
      },
    });

    const taskRole = this.taskDefinition.taskRole;
    const wildcards = grantPortUses(this, taskRole, 'The connector', props.access, props.uses);
    for (const name of CONNECTOR_CONSUMES) {
      const queue = props.access.queues[name];
      if (!queue) throw new Error(`The connector consumes queue ${name}, which the stack does not have`);
      queue.grantConsumeMessages(taskRole);
    }
    if (props.uses.dataKey) {
      if (!props.dataKey) throw new Error("The connector's code opens sealed secrets: it needs the data key");
      props.dataKey.grantRead(taskRole);
    }

    const securityGroup = new ec2.SecurityGroup(this, 'SecurityGroup', {
      vpc: this.vpc,
      description: 'Switchboard connector: outbound only',
      allowAllOutbound: true,
    });

    // session leases in the table keep a single socket per session across tasks, during rolling deploys too
    this.service = new ecs.FargateService(this, 'Service', {
      cluster: this.cluster,
      taskDefinition: this.taskDefinition,
      minHealthyPercent: 100,
      maxHealthyPercent: 200,
      assignPublicIp: true,
      vpcSubnets: { subnetType: ec2.SubnetType.PUBLIC },
      securityGroups: [securityGroup],
      circuitBreaker: { rollback: true },
    });
    // more sessions take more CPU (Baileys' crypto and media): more tasks share them, each taking free leases
    this.service.autoScaleTaskCount({ minCapacity: 1, maxCapacity: CONNECTOR_MAX_TASKS }).scaleOnCpuUtilization('Cpu', {
      targetUtilizationPercent: CONNECTOR_TARGET_CPU_PERCENT,
      scaleOutCooldown: Duration.minutes(2),
      // slow to scale in: a stopped task's sessions reconnect elsewhere, which costs a few seconds of each
      scaleInCooldown: Duration.minutes(15),
    });
    // no DesiredCount in the template: ECS starts one task, and a deploy keeps the count scaling has set instead
    // of resetting it to the template's value
    (this.service.node.defaultChild as ecs.CfnService).addPropertyDeletionOverride('DesiredCount');

    acknowledge(this.taskDefinition, 'The environment holds resource names and URLs only, no secrets.', 'AwsSolutions-ECS2');
    acknowledge(
      taskRole,
      'Wildcards stay inside this stack: indexes of our table (session leases and auth state), connections of our WebSocket stage (ids are runtime values), schedules of our group (one per job), objects of the media bucket (keys per message).',
      ...wildcards.map((r) => wildcardResourceFinding(this, r)),
    );
    acknowledge(
      this.taskDefinition.obtainExecutionRole(),
      'ecr:GetAuthorizationToken has no resource-level permissions; image pulls themselves are scoped to the asset repository.',
      'AwsSolutions-IAM5[Resource::*]',
    );
  }
}

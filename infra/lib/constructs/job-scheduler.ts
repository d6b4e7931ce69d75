import { Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';

export interface JobSchedulerProps {
  /** the only target of our schedules */
  jobsQueue: IQueue;
}

/** Schedule group and the role EventBridge Scheduler assumes to deliver one-time schedules to `jobs`. */
export class JobScheduler extends Construct {
  readonly groupName: string;
  readonly group: scheduler.CfnScheduleGroup;
  readonly role: iam.Role;
  /** jobs the scheduler could not deliver to the queue (after its retries) land here, not nowhere */
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: JobSchedulerProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // a named group per stack, so the functions' permission can be scoped to schedule/<group>/*
    this.groupName = `${stack.stackName}-jobs`;
    this.group = new scheduler.CfnScheduleGroup(this, 'Group', { name: this.groupName });

    this.role = new iam.Role(this, 'Role', {
      description: 'EventBridge Scheduler delivers Switchboard one-time schedules to the jobs queue',
      // confused-deputy guard: only schedules of this account may use the role
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    });
    this.deadLetterQueue = new sqs.Queue(this, 'Dlq', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.deadLetterQueue,
      'This is a dead-letter queue: it has no dead-letter queue of its own.',
      'AwsSolutions-SQS3',
    );
    this.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['sqs:SendMessage'],
        resources: [props.jobsQueue.queueArn, this.deadLetterQueue.queueArn],
      }),
    );
  }
}

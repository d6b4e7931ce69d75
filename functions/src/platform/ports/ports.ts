/**
 * Where code gets its Queue, Scheduler and WebSocket connections: the AWS adapters when RUNTIME=aws (created once
 * per cold start), the in-process ones the local runtime registers at start when RUNTIME=local.
 */
import { config } from '../config.ts';
import { EventBridgeScheduler } from './aws/event-bridge-scheduler.ts';
import { ApiGatewayConnections } from './aws/api-gateway-connections.ts';
import { SqsQueue } from './aws/sqs-queue.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { PixApiClient } from './pix/pix-api-client.ts';
import { pixSettings } from './pix/pix-settings.ts';
import type { Queue } from './queue.ts';
import type { Scheduler } from './scheduler.ts';
import type { SocketConnections } from './socket-connections.ts';

export interface Ports {
  queue: Queue;
  scheduler: Scheduler;
  socketConnections: SocketConnections;
  paymentProvider: PaymentProvider;
}

let local: Partial<Ports> = {};
let aws: Partial<Ports> = {};

/** Called by the local runtime (and tests) once its queue engine and scheduler exist; later calls replace them. */
export const setLocalPorts = (ports: Partial<Ports>): void => {
  local = { ...local, ...ports };
};

/** Forgets registered and created adapters (tests). */
export const resetPorts = (): void => {
  local = {};
  (aws.socketConnections as ApiGatewayConnections | undefined)?.destroy();
  aws = {};
};

const localPort = <K extends keyof Ports>(name: K): Ports[K] => {
  const port = local[name];
  if (!port) {
    throw new Error(
      `The local ${name} is not registered: the local runtime must call setLocalPorts({ ${name} }) before anything uses it`,
    );
  }
  return port as Ports[K];
};

export const queue = (): Queue => {
  if (config().RUNTIME === 'local') return localPort('queue');
  aws.queue ??= new SqsQueue();
  return aws.queue;
};

export const scheduler = (): Scheduler => {
  if (config().RUNTIME === 'local') return localPort('scheduler');
  aws.scheduler ??= new EventBridgeScheduler({ queue: queue() });
  return aws.scheduler;
};

/**
 * The WebSocket connections: the local gateway when it registered itself, otherwise the management API at
 * WS_MANAGEMENT_ENDPOINT (which the local gateway answers too).
 */
export const socketConnections = (): SocketConnections => {
  if (config().RUNTIME === 'local' && local.socketConnections) return local.socketConnections;
  aws.socketConnections ??= new ApiGatewayConnections();
  return aws.socketConnections;
};

/**
 * The Pix provider: the one registered by the local runtime or a test, otherwise the Pix API at PIX_API_URL with the
 * credentials and client certificate of pix/pix-settings.ts (read once; a missing setting fails the call, not the
 * cold start).
 */
export const paymentProvider = (): PaymentProvider => {
  if (local.paymentProvider) return local.paymentProvider;
  if (!aws.paymentProvider) {
    let client: Promise<PixApiClient> | undefined;
    const ready = () =>
      (client ??= pixSettings()
        .then((s) => new PixApiClient(s))
        .catch((error: unknown) => {
          client = undefined;
          throw error;
        }));
    aws.paymentProvider = {
      createPixCharge: async (request) => (await ready()).createPixCharge(request),
      getPixCharge: async (txid) => (await ready()).getPixCharge(txid),
    };
  }
  return aws.paymentProvider;
};

/**
 * The in-process dispatcher of domain events (shared/src/events.ts). `emit` awaits the listeners of the event in
 * the order they were registered. A listener's error is logged and does not stop the others; a listener
 * registered with `failsRequest` is one whose failure fails the change that emitted (as a direct call did before
 * it became a listener): its error is thrown once every listener has run.
 * Listeners are registered by each Lambda entry (functions/src/listeners), never by the services that emit.
 */
import type { DomainEvent, DomainEventName } from '@switchboard/shared/events';
import { logger } from '../logger.ts';

export type DomainEventListener<N extends DomainEventName> = (event: DomainEvent<N>) => Promise<void> | void;

interface Registration {
  id: string;
  listener: (event: DomainEvent) => Promise<void> | void;
  failsRequest: boolean;
}

const registry = new Map<DomainEventName, Registration[]>();

export const domainEvents = {
  /** Registers a listener; registering the same id again for an event changes nothing. */
  on<N extends DomainEventName>(
    names: N | readonly N[],
    id: string,
    listener: DomainEventListener<N>,
    options: { failsRequest?: boolean } = {},
  ): void {
    for (const name of typeof names === 'string' ? [names] : names) {
      const list = registry.get(name) ?? [];
      if (list.some((r) => r.id === id)) continue;
      list.push({ id, listener: listener as unknown as Registration['listener'], failsRequest: options.failsRequest === true });
      registry.set(name, list);
    }
  },

  async emit(event: DomainEvent): Promise<void> {
    let failure: unknown;
    for (const r of registry.get(event.name) ?? []) {
      try {
        await r.listener(event);
      } catch (error) {
        if (r.failsRequest) failure ??= error;
        else logger.error('domain event listener failed', { event: event.name, listener: r.id, error: error as Error });
      }
    }
    if (failure !== undefined) throw failure;
  },

  /** For tests: the ids listening to an event, in order. */
  listeners(name: DomainEventName): string[] {
    return (registry.get(name) ?? []).map((r) => r.id);
  },
};

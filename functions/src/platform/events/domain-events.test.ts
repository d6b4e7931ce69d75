import { describe, expect, it, vi } from 'vitest';
import { domainEvents } from './domain-events.ts';

const event = { name: 'contact.deleted' as const, companyId: 1, contactId: 2 };

describe('domain events', () => {
  it('awaits the listeners in registration order, once per id', async () => {
    const calls: string[] = [];
    domainEvents.on('contact.deleted', 'a', async () => {
      await new Promise((r) => setTimeout(r, 5));
      calls.push('a');
    });
    domainEvents.on('contact.deleted', 'b', () => void calls.push('b'));
    domainEvents.on('contact.deleted', 'a', () => void calls.push('again'));
    await domainEvents.emit(event);
    expect(calls).toEqual(['a', 'b']);
    expect(domainEvents.listeners('contact.deleted')).toEqual(['a', 'b']);
  });

  it("logs one listener's error and runs the others; a listener that fails the request throws after all ran", async () => {
    const after = vi.fn();
    domainEvents.on('contact.created', 'broken', () => {
      throw new Error('ignored');
    });
    domainEvents.on('contact.created', 'after', after);
    const payload = { name: 'contact.created' as const, companyId: 1, contact: {} as never };
    await expect(domainEvents.emit(payload)).resolves.toBeUndefined();
    expect(after).toHaveBeenCalledTimes(1);
    domainEvents.on(
      'contact.created',
      'critical',
      () => {
        throw new Error('fails the request');
      },
      { failsRequest: true },
    );
    domainEvents.on('contact.created', 'last', after);
    await expect(domainEvents.emit(payload)).rejects.toThrow('fails the request');
    expect(after).toHaveBeenCalledTimes(3);
  });
});

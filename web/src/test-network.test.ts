import { describe, expect, it } from 'vitest';
import { makeQueue } from './test-fixtures.ts';
import { driftOf } from './test-network.ts';

describe("the fake network's check of answers against the route table", () => {
  it('names the route and the field when a 2xx answer does not match the route’s response schema', () => {
    const drift = driftOf('GET', '/api/queue', { status: 200, body: [{ id: 1, name: 'Vendas', color: '#fff' }] });
    expect(drift).toContain('GET /api/queue (route queues.list)');
    expect(drift).toContain('greetingMessage');
  });

  it('lets through an answer that matches, an error answer, a file, and a path of no route', () => {
    expect(driftOf('GET', '/api/queue', { status: 200, body: [makeQueue(1)] })).toBeUndefined();
    expect(driftOf('GET', '/api/queue', { status: 403, body: { error: 'ERR_NO_PERMISSION' } })).toBeUndefined();
    expect(driftOf('GET', '/api/queue', { status: 200, raw: 'a,b', type: 'text/csv' })).toBeUndefined();
    expect(driftOf('GET', '/api/no-such-route', { status: 200, body: { anything: true } })).toBeUndefined();
  });
});

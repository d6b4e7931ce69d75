import { describe, expect, it } from 'vitest';
import { functionManifest, type PortGrants } from '../../functions/src/deployment/manifest.ts';
import { routeManifestProblems } from '../lib/function-modules.ts';
import {
  connectorFiles,
  connectorUses,
  grantProblems,
  manifestGrantProblems,
  moduleFiles,
  usesOfGrants,
  usesOfSource,
} from '../lib/module-access.ts';
import { buildStack } from './synth-stack.ts';

describe('what a module reaches, read off its code', () => {
  it('finds the ports a source calls and the queues it sends to', () => {
    const uses = usesOfSource([
      "await queue().send('inbound.fifo', { body })",
      'const url = await blobStore().uploadUrl(key, file);',
      'await mailer().send(mail);',
    ]);
    expect(uses).toEqual({
      queues: ['inbound'],
      scheduler: false,
      media: true,
      mediaPurge: false,
      mail: true,
      sockets: false,
      scan: false,
    });
    expect(usesOfSource(['await blobStore().deletePrefix(prefix, 1000);'])).toMatchObject({ media: true, mediaPurge: true });
  });

  it('gives a scheduler user the jobs queue too, where the scheduler hands near jobs', () => {
    expect(usesOfSource(['await scheduler().schedule(job);']).queues).toEqual(['jobs']);
  });

  it('refuses a send to a queue the stack does not have', () => {
    expect(() => usesOfSource(["queue().send('nope', m)"])).toThrow(/Unknown queue 'nope'/);
  });

  it("follows a module's imports into other modules' services", () => {
    const files = moduleFiles('tickets');
    expect(files).toContain('functions/src/modules/tickets/tickets.service.ts');
    expect(files).toContain('functions/src/modules/jobs/jobs.service.ts');
    expect(files.every((f) => !f.includes('node_modules'))).toBe(true);
  });

  it("reads the connector's own bundle, its own sources and the platform services it runs in process", () => {
    const files = connectorFiles();
    expect(files).toContain('connector-container/src/main.ts');
    expect(files).toContain('connector-container/src/sessions/session-manager.ts');
    // the campaign sends listener (its composition root) and the jobs it enqueues come in through main.ts's dynamic imports
    expect(files).toContain('functions/src/listeners/campaign-sends.listener.ts');
    expect(files).toContain('functions/src/modules/jobs/jobs.service.ts');
    const uses = connectorUses();
    // inbound events from the sessions (session-manager.ts) and jobs (jobs.service.ts)
    expect(uses.queues).toEqual(expect.arrayContaining(['inbound', 'jobs']));
    expect(uses).toMatchObject({ sockets: true, media: true, scan: false, mail: false });
  });
});

describe('the deployment manifest against the code', () => {
  it('grants every function and the connector exactly what its bundle reaches', () => {
    expect(manifestGrantProblems()).toEqual([]);
    expect(routeManifestProblems()).toEqual([]);
  });

  it('names a port reached and not granted, and a grant never used', () => {
    const none = usesOfGrants({ sends: [] });
    const used = { ...none, queues: ['jobs' as const], mail: true };
    expect(grantProblems('Function x', { ...none, scan: true }, used)).toEqual([
      'Function x sends to queue jobs, which its manifest entry does not grant',
      'Function x uses mail, which its manifest entry does not grant',
      'Function x is granted scan, which its code never uses',
    ]);
  });

  it('stops the synth when a manifest entry lacks what its function reaches', () => {
    const entry = functionManifest.tickets as { ports: PortGrants };
    const original = entry.ports;
    entry.ports = { ...original, sends: original.sends.filter((q) => q !== 'jobs') };
    try {
      expect(() => buildStack()).toThrow('Function tickets sends to queue jobs, which its manifest entry does not grant');
    } finally {
      entry.ports = original;
    }
    expect(() => buildStack()).not.toThrow();
  });
});

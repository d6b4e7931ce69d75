import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { domainEvents } from '../platform/events/domain-events.ts';
import { jobSetCatalogue, listenerCatalogue, type Registration } from './catalogue.ts';
import { entryFileOf, handlerFileOf, renderedEntries, renderFunctionEntry } from './entries.ts';
import { connectorManifest, functionNames, manifestOf, websocketFunction } from './manifest.ts';

const srcDir = fileURLToPath(new URL('..', import.meta.url));

describe('the composition roots written from the deployment manifest', () => {
  it('are up to date: every file is what `npm run entries` writes, and no other file is there', () => {
    const rendered = renderedEntries();
    const stale = [...rendered]
      .filter(([file, text]) => !existsSync(join(srcDir, file)) || readFileSync(join(srcDir, file), 'utf8') !== text)
      .map(([file]) => file);
    expect(stale, 'run `npm run entries`').toEqual([]);
    const extra = readdirSync(join(srcDir, 'entries')).filter((name) => !rendered.has(`entries/${name}`));
    expect(extra).toEqual([]);
  });

  it('register the listeners and job sets of the manifest, in its order, and then the handler', () => {
    const text = renderFunctionEntry('inbound');
    const calls = [...text.matchAll(/^(register\w+)\(/gm)].map((m) => m[1]);
    expect(calls).toEqual(manifestOf('inbound').listeners.map((l) => listenerCatalogue[l].register));
    expect(text).toContain("import { handler } from '../modules/inbound/inbound.function.ts';");
    const jobs = [...renderFunctionEntry('jobs').matchAll(/^(register\w+Jobs)\(/gm)].map((m) => m[1]);
    expect(jobs).toEqual(manifestOf('jobs').jobs!.map((j) => jobSetCatalogue[j].register));
    // only route-serving functions authenticate requests
    expect(renderFunctionEntry('tickets')).toMatch(/^registerAuthenticator\(authenticateRequest\);$/m);
    expect(renderFunctionEntry('inbound')).not.toContain('registerAuthenticator');
  });

  it('name only files and functions that exist', async () => {
    for (const registration of [...Object.values(listenerCatalogue), ...Object.values(jobSetCatalogue)] as Registration[]) {
      const mod = (await import(/* @vite-ignore */ `../${registration.file}`)) as Record<string, unknown>;
      expect(typeof mod[registration.register], `${registration.file} exports ${registration.register}`).toBe('function');
    }
    for (const name of functionNames()) expect(existsSync(join(srcDir, handlerFileOf(name))), handlerFileOf(name)).toBe(true);
  });

  it('give each function a queue, the WebSocket API or routes to answer, and each queue at most one consumer', () => {
    for (const name of functionNames()) {
      const entry = manifestOf(name);
      expect(Boolean(entry.routes || entry.websocket || entry.consumes), name).toBe(true);
    }
    expect(websocketFunction()).toBe('realtime');
    const consumed = [
      ...functionNames().flatMap((name) => (manifestOf(name).consumes ? [manifestOf(name).consumes!.queue] : [])),
      ...connectorManifest.consumes.map((c) => c.queue),
    ];
    expect(new Set(consumed).size).toBe(consumed.length);
    // what only one of the two sides would name: a listener subscribed twice
    for (const name of [...functionNames(), 'connector']) {
      const listeners = name === 'connector' ? connectorManifest.listeners : manifestOf(name).listeners;
      expect(new Set(listeners).size, name).toBe(listeners.length);
    }
  });

  it("register in a function's process exactly its manifest's listeners, in order", async () => {
    // the entry of the chats function, loaded alone in a fresh module graph, as Lambda loads it
    await import(/* @vite-ignore */ `../${entryFileOf('chats')}`);
    expect(domainEvents.listeners('chatMessage.created')).toEqual(['chat-realtime']);
    // no timers, dashboard or kanban here: those are other functions' subscriptions
    expect(domainEvents.listeners('ticket.created')).toEqual(['realtime']);
    expect(domainEvents.listeners('message.received')).toEqual(['realtime']);
  });
});

import { describe, expect, it } from 'vitest';
import { checklistAudience, checklistVisible, setupSteps, widgetKeyOf, type SetupFacts } from './setup-steps.ts';

const webchat = { channel: 'webchat', status: 'CONNECTED', widgetKey: 'wk-1' } as const;
const newCompany: SetupFacts = { queues: [{ id: 1 }], users: [{ id: 1 }], connections: [webchat], widgetTagCopied: false };
const done = (facts: SetupFacts) => Object.fromEntries(setupSteps(facts).map((s) => [s.key, s.done]));

describe('set-up steps', () => {
  it('leaves every step open for a company as signup provisions it (one queue, its admin, a website chat)', () => {
    expect(done(newCompany)).toEqual({ queues: false, teammate: false, widget: false, connection: false });
    expect(checklistVisible(setupSteps(newCompany), false)).toBe(true);
  });

  it('ticks each step from what the company has', () => {
    expect(done({ ...newCompany, queues: [{ id: 1 }, { id: 2 }] }).queues).toBe(true);
    expect(done({ ...newCompany, users: [{ id: 1 }, { id: 2 }] }).teammate).toBe(true);
    expect(done({ ...newCompany, widgetTagCopied: true }).widget).toBe(true);
  });

  it('counts a messaging connection only once it is online, and never the website chat', () => {
    const whatsapp = (status: 'qrcode' | 'CONNECTED') => ({ channel: 'whatsapp', status, widgetKey: null }) as const;
    expect(done({ ...newCompany, connections: [webchat, whatsapp('qrcode')] }).connection).toBe(false);
    expect(done({ ...newCompany, connections: [webchat, whatsapp('CONNECTED')] }).connection).toBe(true);
  });

  it('disappears when dismissed or when every step is done', () => {
    const all: SetupFacts = {
      queues: [1, 2],
      users: [1, 2],
      connections: [webchat, { channel: 'facebook', status: 'CONNECTED', widgetKey: null }],
      widgetTagCopied: true,
    };
    expect(checklistVisible(setupSteps(all), false)).toBe(false);
    expect(checklistVisible(setupSteps(newCompany), true)).toBe(false);
  });

  it("is shown to a customer company's admin, not to its agents nor to the platform company's super user", () => {
    expect(checklistAudience({ profile: 'admin', super: false, companyId: 2 })).toBe(true);
    expect(checklistAudience({ profile: 'user', super: false, companyId: 2 })).toBe(false);
    expect(checklistAudience({ profile: 'admin', super: true, companyId: 1 })).toBe(false);
    expect(checklistAudience({ profile: 'admin', super: false, companyId: 1 })).toBe(false);
  });

  it('offers the tag of the website chat', () => {
    expect(widgetKeyOf([{ channel: 'whatsapp', status: 'CONNECTED', widgetKey: null }, webchat])).toBe('wk-1');
    expect(widgetKeyOf([])).toBeNull();
  });
});

import { traitsOf } from '@switchboard/shared/channel-traits';
import type { Channel, ConnectionStatus } from '@switchboard/shared/contracts/connections';
import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';

/**
 * The first steps of a new company (its admin's set-up checklist). Each step reads what the company already has,
 * so it ticks itself when the work is done wherever it was done. A new company starts with one queue and a
 * website chat (companies.service provisionCompany), so the queue step asks for a sector beyond that first one.
 */
export type SetupStepKey = 'queues' | 'teammate' | 'widget' | 'connection';

export interface SetupStep {
  key: SetupStepKey;
  done: boolean;
  /** where the step is done */
  path: string;
}

export interface SetupFacts {
  queues: readonly unknown[];
  users: readonly unknown[];
  connections: readonly { channel: Channel; status: ConnectionStatus; widgetKey: string | null }[];
  /** the admin copied the widget tag (remembered in this browser) */
  widgetTagCopied: boolean;
}

/** The website chat whose tag the checklist offers: the first one with a widget key. */
export const widgetKeyOf = (connections: SetupFacts['connections']): string | null =>
  connections.find((c) => traitsOf(c.channel).widgetKey && c.widgetKey)?.widgetKey ?? null;

export const setupSteps = (facts: SetupFacts): SetupStep[] => [
  { key: 'queues', done: facts.queues.length > 1, path: '/queues' },
  { key: 'teammate', done: facts.users.length > 1, path: '/users' },
  { key: 'widget', done: facts.widgetTagCopied, path: '/connections' },
  // a messaging channel that actually answers: a WhatsApp, Messenger or Instagram connection that is online
  {
    key: 'connection',
    done: facts.connections.some((c) => traitsOf(c.channel).identity !== 'web-visitor' && c.status === 'CONNECTED'),
    path: '/connections',
  },
];

/**
 * Who the checklist is for: a customer company's admin. The platform's own company (the super user's, and any
 * other admin of it) runs the product rather than setting up an inbox, so it never sees it.
 */
export const checklistAudience = (user: { profile: string; super: boolean; companyId: number }): boolean =>
  user.profile === 'admin' && !user.super && user.companyId !== PLATFORM_COMPANY_ID;

/** The checklist shows until every step is done or the admin dismisses it. */
export const checklistVisible = (steps: readonly SetupStep[], dismissed: boolean): boolean =>
  !dismissed && steps.some((s) => !s.done);

/** What this browser remembers for one admin: the checklist dismissed, the widget tag copied. */
export const setupStorageKeys = (userId: number) => ({
  dismissed: `setupChecklist.${userId}.dismissed`,
  widgetTagCopied: `setupChecklist.${userId}.widgetTagCopied`,
});

import type { Campaign } from '@switchboard/shared/contracts/campaigns';
import { companySettingsDefaults } from '@switchboard/shared/contracts/settings';
import type { TagListItem } from '@switchboard/shared/contracts/tags';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { KitProvider } from '../../../components/kit-provider.tsx';
import { fixedClock } from '../../../lib/clock.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { makeUser } from '../../../test-fixtures.ts';
import { fakeNetwork, freshPageEachTest, until, type FakeRoute } from '../../../test-network.ts';
import { CampaignDialog } from './campaign-dialog.tsx';

/**
 * The campaign dialog's tag choice (spec 3 "Campaign dialog"): only tags that have contacts, each with its count; an
 * opened campaign's own tag stays offered even when nobody carries it any more.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = freshPageEachTest('en');
const clock = fixedClock('2030-05-01T12:00:00Z');

const tags: TagListItem[] = [
  { id: 1, name: 'Clientes', color: '#ff0000', kanban: 0, contactCount: 3 },
  { id: 2, name: 'Empty tag', color: '#00ff00', kanban: 0, contactCount: 0 },
  { id: 3, name: 'Lane', color: '#0000ff', kanban: 1, contactCount: 1 },
  { id: 4, name: 'Former', color: '#999999', kanban: 0, contactCount: 0 },
];

const campaign: Campaign & { shipping: []; hasMoreShipping: boolean } = {
  id: 9,
  name: 'Black Friday',
  status: 'INATIVA',
  confirmation: false,
  scheduledAt: null,
  completedAt: null,
  message1: 'Olá {nome}',
  message2: '',
  message3: '',
  message4: '',
  message5: '',
  confirmationMessage1: '',
  confirmationMessage2: '',
  confirmationMessage3: '',
  confirmationMessage4: '',
  confirmationMessage5: '',
  contactListId: null,
  contactList: null,
  tagListId: 4,
  tagList: { id: 4, name: 'Former' },
  whatsappId: 5,
  whatsapp: { id: 5, name: 'Main', channel: 'whatsapp' },
  userId: null,
  queueId: null,
  openTicket: 'disabled',
  statusTicket: 'closed',
  mediaPath: null,
  mediaName: null,
  mediaUrl: null,
  template: null,
  stats: {
    valid: 0,
    sent: 0,
    deferred: 0,
    delivered: 0,
    read: 0,
    confirmationRequested: 0,
    confirmed: 0,
    failed: 0,
    skipped: 0,
    unreachable: 0,
  },
  editable: 'all',
  companyId: 7,
  createdAt: '2030-04-01T12:00:00Z',
  updatedAt: '2030-04-01T12:00:00Z',
  shipping: [],
  hasMoreShipping: false,
};

// the company answers in São Paulo (UTC-3), whatever zone the browser is in
const user = makeUser({
  company: { ...makeUser().company, settings: { ...companySettingsDefaults, timeZone: 'America/Sao_Paulo' } },
});

const routes: Record<string, FakeRoute> = {
  'POST /api/auth/refresh_token': () => ({ status: 200, body: { token: 'tok', user } }),
  'GET /api/tags/list': () => ({ status: 200, body: tags }),
  'GET /api/whatsapp': () => ({ status: 200, body: [] }),
  'GET /api/contact-lists/list': () => ({ status: 200, body: [] }),
  'GET /api/campaign-settings': () => ({ status: 200, body: [] }),
  'GET /api/campaigns/9': () => ({ status: 200, body: campaign }),
};

const render = async (campaignId?: number) => {
  sessionStore.setSession({ token: 'old', user });
  await act(async () => {
    page.root.render(
      <AppProviders>
        <KitProvider>
          <CampaignDialog visible campaignId={campaignId} clock={clock} onHide={() => {}} />
        </KitProvider>
      </AppProviders>,
    );
  });
};

const tagPicker = () => document.querySelector<HTMLElement>('[data-testid=campaign-tag]');
const options = () => [...document.querySelectorAll('.p-dropdown-item')].map((i) => i.textContent?.trim());

const openTagChoice = async () => {
  await until(() => tagPicker() !== null && tagPicker()!.getAttribute('aria-busy') === null, 'the tag choice');
  await act(async () => tagPicker()!.click());
  await until(() => options().length > 0, 'the tag options');
};

describe('the campaign dialog’s tag choice', () => {
  it('offers only the tags that have contacts, each with how many', async () => {
    fakeNetwork(routes);
    await render();
    await openTagChoice();
    expect(options()).toEqual(['Clientes3 contacts', 'Lane1 contact']);
  });

  it('keeps an opened campaign’s tag on offer though nobody carries it now', async () => {
    fakeNetwork(routes);
    await render(9);
    await until(() => tagPicker()?.textContent?.includes('Former') === true, 'the campaign’s tag chosen');
    await openTagChoice();
    expect(options()).toEqual(['Clientes3 contacts', 'Lane1 contact', 'Former0 contacts']);
  });
});

describe('the campaign dialog’s scheduled time', () => {
  it('shows and takes the company’s local time, saying which zone it is', async () => {
    const scheduled = { ...campaign, scheduledAt: '2030-05-02T15:00:00.000Z', status: 'PROGRAMADA' as const };
    fakeNetwork({ ...routes, 'GET /api/campaigns/9': () => ({ status: 200, body: scheduled }) });
    await render(9);
    const input = () => document.querySelector<HTMLInputElement>('#campaign-scheduled-at');
    await until(() => input()?.value === '02/05/2030 12:00', 'the scheduled time in São Paulo');
    expect(document.body.textContent).toContain('In the America/Sao_Paulo time zone');
  });
});

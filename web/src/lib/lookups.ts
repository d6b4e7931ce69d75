/**
 * The one home of the lists every feature picks from: the company's queues, tags, connections and users. Each has
 * one query key, so a change seen anywhere (a live event, a save) refreshes every picker at once, and two
 * features can never cache different shapes under the same key.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';

const FIVE_MINUTES = 5 * 60_000;

/** GET /queue: every queue of the company in menu order. */
export const getQueueList = () => callRoute('queues.list');
export const queueListKey = ['queues'] as const;
export const useQueueList = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: queueListKey, queryFn: getQueueList, enabled, staleTime: FIVE_MINUTES });

/** GET /tags/list: every tag of the company (kanban 1: lanes only, 0: plain tags). */
export const getTagList = (kanban?: 0 | 1) => callRoute('tags.list', { query: { kanban } });
export const tagListKey = (kanban?: 0 | 1) => ['tags', 'list', kanban ?? 'all'] as const;
export const useTagList = (kanban?: 0 | 1) =>
  useQuery({ queryKey: tagListKey(kanban), queryFn: () => getTagList(kanban), staleTime: 60_000 });

/** GET /flowbuilder, page after page (at most FLOW_PICK_PAGES): the company's flows for the connection's flow choices. */
const FLOW_PICK_PAGES = 10;
export const getFlowList = async () => {
  const flows = [];
  for (let pageNumber = 1; pageNumber <= FLOW_PICK_PAGES; pageNumber++) {
    const page = await callRoute('flows.list', { query: { pageNumber } });
    flows.push(...page.flows);
    if (!page.hasMore) break;
  }
  return flows;
};
export const flowListKey = ['flows', 'picks'] as const;
export const useFlowList = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: flowListKey, queryFn: getFlowList, enabled, staleTime: 60_000 });

/** GET /whatsapp: the company's connections. */
export const getConnectionList = () => callRoute('connections.list');
export const connectionListKey = ['connections'] as const;
export const useConnectionList = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: connectionListKey, queryFn: getConnectionList, enabled, staleTime: FIVE_MINUTES });

/** GET /users (first page, searched): agents for pickers (transfer, filters); the users page pages through them itself. */
export const getUserPicks = (searchParam?: string) =>
  callRoute('users.list', { query: { searchParam: searchParam?.trim() || undefined } });
export const userPicksKey = (searchParam = '') => ['users', 'picks', searchParam.trim().toLowerCase()] as const;
export const useUserPicks = (searchParam = '', { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: userPicksKey(searchParam),
    queryFn: () => getUserPicks(searchParam),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** GET /users/list: every user of the company by id and name, for pickers that choose among all of them (filters, schedules). */
export const getUserList = () => callRoute('users.picker');
export const userListKey = ['users', 'picker'] as const;
export const useUserList = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: userListKey, queryFn: getUserList, enabled, staleTime: 60_000 });

/** GET /contact-lists/list: every contact list of the company, for the campaign dialog (an admin page of the campaigns feature). */
export const getContactListPicks = () => callRoute('contact-lists.picker');
export const contactListPicksKey = ['contact-lists', 'picker'] as const;
export const useContactListPicks = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: contactListPicksKey, queryFn: getContactListPicks, enabled, staleTime: 60_000 });

/** GET /prompt: the company's AI prompts (the prompts page and the connection's prompt choice; admins of a plan with OpenAI). */
export const getPromptList = () => callRoute('prompts.list');
export const promptListKey = ['prompts'] as const;
export const usePromptList = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: promptListKey, queryFn: getPromptList, enabled, staleTime: 60_000 });

/** GET /queueIntegration, page after page (at most INTEGRATION_PICK_PAGES): the company's integrations for the connection, queue and option choices. */
const INTEGRATION_PICK_PAGES = 10;
export const getIntegrationList = async () => {
  const integrations = [];
  for (let pageNumber = 1; pageNumber <= INTEGRATION_PICK_PAGES; pageNumber++) {
    const page = await callRoute('queue-integrations.list', { query: { pageNumber } });
    integrations.push(...page.queueIntegrations);
    if (!page.hasMore) break;
  }
  return integrations;
};
export const integrationListKey = ['queue-integrations', 'picks'] as const;
export const useIntegrationList = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: integrationListKey, queryFn: getIntegrationList, enabled, staleTime: 60_000 });

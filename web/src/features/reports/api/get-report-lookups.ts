import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** The filter panel's choices: the company's connections, users and queues. */
export const getReportConnections = () => callRoute('connections.list');
export const getReportUsers = () => callRoute('users.picker');
export const getReportQueues = () => callRoute('queues.list');

export const reportLookupKeys = {
  connections: ['connections'] as const,
  users: ['users', 'picker'] as const,
  queues: ['queues'] as const,
};

export const useReportLookups = () => ({
  connections: useQuery({ queryKey: reportLookupKeys.connections, queryFn: getReportConnections, staleTime: 60_000 }),
  users: useQuery({ queryKey: reportLookupKeys.users, queryFn: getReportUsers, staleTime: 60_000 }),
  queues: useQuery({ queryKey: reportLookupKeys.queues, queryFn: getReportQueues, staleTime: 60_000 }),
});

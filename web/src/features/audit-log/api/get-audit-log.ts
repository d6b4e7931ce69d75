import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /audit-logs: one page of the company's administrative changes, newest first, from `cursor`. */
export const getAuditLog = (limit: number, cursor?: string) => callRoute('audit.list', { query: { limit, cursor } });

export const auditLogQueryKey = (limit: number, cursor: string | undefined) => ['audit-log', limit, cursor ?? ''] as const;

export const useAuditLog = (limit: number, cursor: string | undefined) =>
  useQuery({
    queryKey: auditLogQueryKey(limit, cursor),
    queryFn: () => getAuditLog(limit, cursor),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

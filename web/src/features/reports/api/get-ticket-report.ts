import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { reportRequest, type ReportFilters } from '../utils/report-filters.ts';

/** GET /ticketreport/reports: one page of the report for the filters, from `cursor`. */
export const getTicketReport = (filters: ReportFilters, pageSize: number, cursor?: string) =>
  callRoute('tickets.report', { query: reportRequest(filters, pageSize, cursor) });

export const ticketReportQueryKey = (filters: ReportFilters, pageSize: number, cursor: string | undefined) =>
  ['ticket-report', filters, pageSize, cursor ?? ''] as const;

export const useTicketReport = (filters: ReportFilters, pageSize: number, cursor: string | undefined) =>
  useQuery({
    queryKey: ticketReportQueryKey(filters, pageSize, cursor),
    queryFn: () => getTicketReport(filters, pageSize, cursor),
    placeholderData: keepPreviousData,
  });

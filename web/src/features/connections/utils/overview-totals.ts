import type { CompanyConnections } from '@switchboard/shared/contracts/connections';

export interface OverviewTotals {
  companies: number;
  connected: number;
  disconnected: number;
  total: number;
}

/** The totals row of the All-connections overview. */
export const overviewTotals = (
  companies: readonly Pick<CompanyConnections, 'connected' | 'disconnected' | 'total'>[],
): OverviewTotals =>
  companies.reduce<OverviewTotals>(
    (sum, c) => ({
      companies: sum.companies + 1,
      connected: sum.connected + c.connected,
      disconnected: sum.disconnected + c.disconnected,
      total: sum.total + c.total,
    }),
    { companies: 0, connected: 0, disconnected: 0, total: 0 },
  );

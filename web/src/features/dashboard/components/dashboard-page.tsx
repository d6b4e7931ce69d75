import { can } from '@switchboard/shared/permissions';
import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { TabStrip, tabId } from '../../../components/tab-strip.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { chartQueryOf, dashboardQueryOf, defaultPeriod, periodDays, type PeriodFilter } from '../utils/period.ts';
import { AttendantsTab } from './attendants-tab.tsx';
import { DashboardFilter } from './dashboard-filter.tsx';
import { IndicatorsTab } from './indicators-tab.tsx';
import { NpsTab } from './nps-tab.tsx';
import './dashboard.css';

const tabs = ['indicators', 'nps', 'attendants'] as const;
type Tab = (typeof tabs)[number];

/** `/` (spec document 2 "Dashboard"): admins and users with showDashboard; other users get the 403 page. */
export function DashboardPage() {
  const user = useCurrentUser();
  if (!can(buildViewer(user), 'dashboard:view')) return <ForbiddenPage />;
  return <Dashboard />;
}

const localDate = (day: string) => formatDate(new Date(`${day}T12:00:00`));

function Dashboard() {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.title'));
  const [filter, setFilter] = useState<PeriodFilter>(() => defaultPeriod(new Date()));
  const [filterOpen, setFilterOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('indicators');
  const query = useMemo(() => dashboardQueryOf(filter), [filter]);
  const period = useMemo(() => periodDays(filter, new Date()), [filter]);
  const chartQuery = useMemo(() => chartQueryOf(filter, new Date()), [filter]);
  const dashboard = useDashboard(query);
  const panelId = 'dashboard-tabpanel';
  return (
    <section className="page dashboard-page" data-testid="dashboard-page">
      <PageHeader
        title={t('dashboard.title')}
        subtitle={t('dashboard.filter.period', { from: localDate(period.from), to: localDate(period.to) })}
        actions={
          <Button
            icon={filterOpen ? 'pi pi-chevron-up' : 'pi pi-filter'}
            label={t('dashboard.filter.toggle')}
            outlined
            aria-expanded={filterOpen}
            aria-controls="dashboard-filter"
            onClick={() => setFilterOpen((open) => !open)}
            data-testid="dashboard-filter-toggle"
          />
        }
      />
      {filterOpen ? <DashboardFilter value={filter} onApply={setFilter} /> : null}
      <TabStrip
        tabs={tabs}
        active={tab}
        onChange={setTab}
        label={t('dashboard.title')}
        labelOf={(k) => t(`dashboard.tabs.${k}`)}
        idPrefix="dashboard-tab"
        panelId={panelId}
        className="dashboard-tabs"
      />
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId('dashboard-tab', tab)}
        className="dashboard-panel"
        aria-busy={dashboard.isFetching}
      >
        {dashboard.isError ? (
          <p className="dashboard-error" role="alert">
            {t('dashboard.loadFailed')}
          </p>
        ) : !dashboard.data ? (
          <i className="pi pi-spin pi-spinner dashboard-loading" aria-hidden="true" />
        ) : tab === 'indicators' ? (
          <IndicatorsTab counters={dashboard.data.counters} chartQuery={chartQuery} />
        ) : tab === 'nps' ? (
          <NpsTab counters={dashboard.data.counters} />
        ) : (
          <AttendantsTab attendants={dashboard.data.attendants} period={period} />
        )}
      </div>
    </section>
  );
}

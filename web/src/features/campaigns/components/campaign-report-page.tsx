import {
  CAMPAIGN_REPORT_RELOAD_MS,
  type CampaignEvent,
  type CampaignShipping,
  type CampaignStatus,
} from '@switchboard/shared/contracts/campaigns';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputSwitch } from 'primereact/inputswitch';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { useCampaignShipping } from '../api/get-campaign-shipping.ts';
import { campaignsQueryKeys } from '../api/get-campaigns.ts';
import { useCampaignsLiveUpdates } from '../hooks/use-campaigns-live-updates.ts';
import { cardsFor, progressOf, reasonKeyOf, shippingSeverity, turnedFinished } from '../utils/campaign-report.ts';
import { formatPercent } from '../../../lib/format.ts';
import { CampaignStatusTag, DateTime } from './campaign-status-tag.tsx';
import { CampaignsGate } from './campaigns-gate.tsx';
import './campaigns.css';

/** /campaign/{campaignId}/report (spec document 3 "Campaign report"). */
export function CampaignReportPage() {
  return (
    <CampaignsGate>
      <Report />
    </CampaignsGate>
  );
}

function Report() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const id = Number(useParams().campaignId);
  const campaign = useCampaign(id);
  const [problems, setProblems] = useState(false);
  const shipping = useCampaignShipping(id, problems);
  const [reloading, setReloading] = useState(false);
  const status = useRef<CampaignStatus | undefined>(undefined);
  useDocumentTitle(
    campaign.data ? t('campaigns.report.title', { name: campaign.data.name }) : t('campaigns.report.fallbackTitle'),
  );

  // the status seen last: a frame that turns it FINALIZADA schedules the reload
  const [finishedAt, setFinishedAt] = useState<number | null>(null);
  useEffect(() => {
    if (campaign.data && status.current === undefined) status.current = campaign.data.status;
  }, [campaign.data]);
  useCampaignsLiveUpdates(user.companyId, (change: CampaignEvent) => {
    if (change.action === 'delete' || change.record.id !== id) return;
    if (turnedFinished(status.current, change.record.status)) setFinishedAt(Date.now());
    status.current = change.record.status;
  });
  // spec section 4: the report reloads 5 s after the campaign turns FINALIZADA
  useEffect(() => {
    if (finishedAt === null) return;
    setReloading(true);
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.shippingOf(id) });
      setReloading(false);
    }, CAMPAIGN_REPORT_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [finishedAt, id, queryClient]);

  const back = (
    <Link to="/campaigns" className="p-button p-button-outlined" data-testid="campaign-report-back">
      <i className="pi pi-arrow-left" aria-hidden="true" />
      <span>{t('campaigns.report.back')}</span>
    </Link>
  );

  if (!campaign.data) {
    return (
      <section className="page campaign-report-page" data-testid="campaign-report-page">
        <PageHeader title={t('campaigns.report.fallbackTitle')} actions={back} />
        <div className="surface-panel campaign-report-panel" role={campaign.isError ? 'alert' : 'status'}>
          {campaign.isError ? t('campaigns.report.notFound') : t('common.loading')}
        </div>
      </section>
    );
  }

  const c = campaign.data;
  const progress = progressOf(c.stats);
  const rows = shipping.data?.pages.flatMap((p) => p.shipping) ?? [];
  const statusCell = (r: CampaignShipping) => (
    <Tag value={t(`campaigns.report.shippingStatus.${r.status}`)} severity={shippingSeverity(r.status)} />
  );
  const reasonCell = (r: CampaignShipping) => (r.reason ? t(reasonKeyOf(r.reason), { defaultValue: r.reason }) : '');

  return (
    <section className="page campaign-report-page" data-testid="campaign-report-page">
      <PageHeader
        title={t('campaigns.report.title', { name: c.name })}
        subtitle={c.contactList?.name ?? c.tagList?.name}
        actions={back}
      />
      <div className="surface-panel campaign-report-panel">
        <div className="campaign-report__summary">
          <CampaignStatusTag status={c.status} testId="campaign-report-status" />
          <span>
            {t('campaigns.columns.whatsapp')}: {c.whatsapp?.name ?? '—'}
          </span>
          <span>
            {t('campaigns.columns.scheduledAt')}: <DateTime iso={c.scheduledAt} />
          </span>
          <span>
            {t('campaigns.columns.completedAt')}: <DateTime iso={c.completedAt} />
          </span>
          {reloading ? (
            <span className="campaign-report__reloading" role="status">
              {t('campaigns.report.reloading')}
            </span>
          ) : null}
        </div>
        <div className="campaign-report__progress">
          <span id="campaign-report-progress-label">{t('campaigns.report.progress')}</span>
          <ProgressBar
            value={progress}
            aria-labelledby="campaign-report-progress-label"
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            role="progressbar"
            data-testid="campaign-report-progress"
            displayValueTemplate={(v: number) => formatPercent(v)}
          />
        </div>
        <ul className="campaign-report__cards">
          {cardsFor(c.confirmation, c.stats).map((card) => (
            <li key={card} className="campaign-report__card" data-testid={`campaign-report-card-${card}`}>
              <span className="campaign-report__card-label">{t(`campaigns.report.cards.${card}`)}</span>
              <strong className="campaign-report__card-value">{c.stats[card]}</strong>
            </li>
          ))}
        </ul>
      </div>
      <div className="surface-panel campaign-report-panel campaign-report-panel--rows">
        <div className="campaign-report__rows-header">
          <h2>{t('campaigns.report.shipping')}</h2>
          <div className="campaign-form__switch">
            <InputSwitch inputId="campaign-report-problems" checked={problems} onChange={(e) => setProblems(Boolean(e.value))} />
            <label htmlFor="campaign-report-problems">{t('campaigns.report.problemsOnly')}</label>
          </div>
        </div>
        <DataTable
          value={rows}
          dataKey="number"
          loading={shipping.isFetching && !shipping.isFetchingNextPage && rows.length === 0}
          emptyMessage={shipping.isError ? t('campaigns.report.loadFailed') : t('campaigns.report.empty')}
          className="campaign-report-table"
          data-testid="campaign-report-table"
        >
          <Column header={t('campaigns.report.columns.name')} field="name" />
          <Column header={t('campaigns.report.columns.number')} field="number" />
          <Column header={t('campaigns.report.columns.status')} body={statusCell} />
          <Column
            className="campaign-report-table__wide"
            header={t('campaigns.report.columns.dueAt')}
            body={(r: CampaignShipping) => <DateTime iso={r.dueAt} />}
          />
          <Column
            className="campaign-report-table__wide"
            header={t('campaigns.report.columns.sentAt')}
            body={(r: CampaignShipping) => <DateTime iso={r.sentAt} />}
          />
          <Column
            className="campaign-report-table__wide"
            header={t('campaigns.report.columns.deliveredAt')}
            body={(r: CampaignShipping) => <DateTime iso={r.deliveredAt} />}
          />
          {c.confirmation ? (
            <Column
              className="campaign-report-table__wide"
              header={t('campaigns.report.columns.confirmationRequestedAt')}
              body={(r: CampaignShipping) => <DateTime iso={r.confirmationRequestedAt} />}
            />
          ) : null}
          {c.confirmation ? (
            <Column
              className="campaign-report-table__wide"
              header={t('campaigns.report.columns.confirmedAt')}
              body={(r: CampaignShipping) => <DateTime iso={r.confirmedAt} />}
            />
          ) : null}
          <Column header={t('campaigns.report.columns.reason')} body={reasonCell} />
        </DataTable>
        {shipping.hasNextPage ? (
          <div className="campaign-report__more">
            <Button
              type="button"
              outlined
              label={t('campaigns.report.loadMore')}
              loading={shipping.isFetchingNextPage}
              onClick={() => void shipping.fetchNextPage()}
              data-testid="campaign-report-more"
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}

import { can } from '@switchboard/shared/permissions';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { TabStrip } from '../../../components/tab-strip.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { buildViewer } from '../../../lib/viewer.ts';
import { useSettings } from '../api/get-settings.ts';
import { visibleTabs, type SettingsTab } from '../utils/settings-form.ts';
import { OptionsTab } from './options-tab.tsx';
import { SchedulesTab } from './schedules-tab.tsx';
import { CompaniesTab } from './companies-tab.tsx';
import { HelpsTab } from './helps-tab.tsx';
import { PlansTab } from './plans-tab.tsx';
import { WhitelabelTab } from './whitelabel-tab.tsx';
import './settings.css';

const PANEL_ID = 'settings-panel';

/** /settings (spec document 2 "Settings page"): admins only; a profile user sees the no-access view. */
export function SettingsPage() {
  const user = useCurrentUser();
  if (!can(buildViewer(user), 'admin:area')) return <ForbiddenPage />;
  return <Settings companyId={user.companyId} isSuper={user.super} />;
}

function Settings({ companyId, isSuper }: { companyId: number; isSuper: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('settings.title'));
  const settings = useSettings();
  const [tab, setTab] = useState<SettingsTab>('options');
  const tabs = settings.data ? visibleTabs(settings.data, isSuper) : (['options'] as SettingsTab[]);
  // a tab that stops applying (scheduleType changed away from company) gives way to the options
  useEffect(() => {
    if (!tabs.includes(tab)) setTab('options');
  }, [tabs, tab]);

  return (
    <section className="page settings-page" data-testid="settings-page">
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <TabStrip
        tabs={tabs}
        active={tab}
        onChange={setTab}
        label={t('settings.tabsLabel')}
        labelOf={(tb) => t(`settings.tabs.${tb}`)}
        idPrefix="settings-tab"
        panelId={PANEL_ID}
        className="settings-tabs"
      />
      <div role="tabpanel" id={PANEL_ID} aria-labelledby={`settings-tab-${tab}`} className="settings-panel">
        {settings.isError ? (
          <p className="surface-panel settings-message" role="alert">
            {t('settings.loadFailed')}
          </p>
        ) : !settings.data ? (
          <p className="settings-message">{t('common.loading')}</p>
        ) : tab === 'schedules' ? (
          <SchedulesTab companyId={companyId} />
        ) : tab === 'companies' ? (
          <CompaniesTab />
        ) : tab === 'plans' ? (
          <PlansTab />
        ) : tab === 'helps' ? (
          <HelpsTab />
        ) : tab === 'whitelabel' ? (
          <WhitelabelTab />
        ) : (
          <OptionsTab saved={settings.data} isSuper={isSuper} />
        )}
      </div>
    </section>
  );
}

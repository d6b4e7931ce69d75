import { can } from '@switchboard/shared/permissions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanGate } from '../../../components/plan-gate.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { buildViewer } from '../../../lib/viewer.ts';

/** The campaign pages (list, settings, report) are the admins' (`campaigns:use`) on a plan with campaigns. A profile user sees the no-access view; a plan without it gets the gate's toast and goes to /. */
export function CampaignsGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const admin = can(buildViewer(useCurrentUser()), 'admin:area');
  return (
    <PlanGate flag="useCampaigns" message={t('campaigns.planRequired')} allowed={admin}>
      {children}
    </PlanGate>
  );
}

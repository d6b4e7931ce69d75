import { can } from '@switchboard/shared/permissions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanGate } from '../../../components/plan-gate.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { buildViewer } from '../../../lib/viewer.ts';

/** /prompts: an admin page of a plan with OpenAI (spec document 3 sections 2 and 6). A profile user sees the no-access view; a plan without it gets the gate's toast and goes to /. */
export function PromptsGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const admin = can(buildViewer(useCurrentUser()), 'admin:area');
  return (
    <PlanGate flag="useOpenAi" message={t('prompts.planRequired')} allowed={admin}>
      {children}
    </PlanGate>
  );
}

import type { CampaignStatus } from '@switchboard/shared/contracts/campaigns';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';

const severities: Record<CampaignStatus, 'secondary' | 'info' | 'warning' | 'danger' | 'success'> = {
  INATIVA: 'secondary',
  PROGRAMADA: 'info',
  EM_ANDAMENTO: 'warning',
  CANCELADA: 'danger',
  FINALIZADA: 'success',
};

/** A campaign's status by its spec label (Inactiva, Programada, En proceso, Cancelada, Finalizada). */
export function CampaignStatusTag({ status, testId }: { status: CampaignStatus; testId?: string }) {
  const { t } = useTranslation();
  return <Tag value={t(`campaigns.status.${status}`)} severity={severities[status]} data-testid={testId} data-status={status} />;
}

/** A date and time in the interface language, or a dash. */
export function DateTime({ iso }: { iso: string | null }) {
  // re-rendered when the language changes
  useTranslation();
  if (!iso) return <span aria-hidden="true">—</span>;
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

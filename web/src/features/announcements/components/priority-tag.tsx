import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';

/** Priority colours (spec document 3 section 9): 1 red, 2 orange, 3 grey. */
const severities = { 1: 'danger', 2: 'warning', 3: 'secondary' } as const;

export function PriorityTag({ priority }: { priority: number }) {
  const { t } = useTranslation();
  const p = (priority === 1 || priority === 2 ? priority : 3) as 1 | 2 | 3;
  return <Tag severity={severities[p]} value={t(`platform.announcements.priorities.${p}`)} data-testid="announcement-priority" />;
}

import { useTranslation } from 'react-i18next';
import { TopBarButton } from '../components/top-bar-button.tsx';

/** Reloads the page: in the top bar on wide screens, in the drawer's controls on a phone. */
export function RefreshButton() {
  const { t } = useTranslation();
  return (
    <TopBarButton
      icon="pi pi-refresh"
      aria-label={t('shell.refresh')}
      tooltip={t('shell.refresh')}
      data-testid="refresh-button"
      onClick={() => window.location.reload()}
    />
  );
}

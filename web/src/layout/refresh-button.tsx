import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';

/** Reloads the page: in the top bar on wide screens, in the drawer's controls on a phone. */
export function RefreshButton() {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      text
      rounded
      severity="secondary"
      icon="pi pi-refresh"
      aria-label={t('shell.refresh')}
      tooltip={t('shell.refresh')}
      tooltipOptions={{ position: 'bottom' }}
      data-testid="refresh-button"
      onClick={() => window.location.reload()}
    />
  );
}

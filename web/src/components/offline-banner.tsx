import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/network-state.ts';
import './offline-banner.css';

/**
 * A strip across the top of every page while the app cannot reach its server (the browser is offline, or the
 * last request found no network), saying so; nothing otherwise. The installed app starts offline from its kept shell.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <i className="pi pi-wifi" aria-hidden="true" />
      <span>{t('app.offline')}</span>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { channelOf } from '../../../lib/realtime-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';

/**
 * `company-{id}-connectionAlert`: an open WhatsApp session dropped. The server tells admins only, once per outage;
 * the shell shows it wherever the admin is, so a dead number is noticed before customers complain.
 */
export const useConnectionAlerts = (): void => {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useCurrentUser();
  useRealtimeEvent(user.profile === 'admin' ? channelOf('connectionAlert', user.companyId) : undefined, (data) => {
    if (data.action !== 'sessionDropped') return;
    toast.warn(t('connections.toasts.sessionDropped', { name: data.connection.name }));
  });
};

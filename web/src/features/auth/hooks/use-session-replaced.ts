import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { channelOf } from '../../../lib/realtime-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { clearStorage } from '../../../lib/storage.ts';
import { useToast } from '../../../lib/toast.tsx';

/** Delay between the notice and the forced sign-out (spec document 1, section 4). */
export const SESSION_REPLACED_RELOAD_MS = 1000;

/**
 * When this account signs in on another computer, the server tells the earlier browser on the company's auth
 * channel: show the notice, then one second later clear local storage and reload (which lands on /login).
 */
export const useSessionReplaced = (): void => {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useCurrentUser();
  const handled = useRef(false);
  useRealtimeEvent(channelOf('auth', user.companyId), (data) => {
    if (handled.current || data.action !== 'sessionReplaced' || data.userId !== user.id) return;
    handled.current = true;
    toast.errorText(t('auth.sessionReplaced'));
    setTimeout(() => {
      clearStorage();
      window.location.reload();
    }, SESSION_REPLACED_RELOAD_MS);
  });
};

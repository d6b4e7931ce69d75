import type { SessionResponse } from '@switchboard/shared/contracts/auth';
import { useTranslation } from 'react-i18next';
import { systemClock, type Clock } from '../../../lib/clock.ts';
import { formatDate } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.tsx';
import { signInOutcome } from '../../../lib/subscription.ts';
import { useToast } from '../../../lib/toast.tsx';

/**
 * Completes a successful login: applies the sign-in outcome rule (inbox, or the open-invoices page with the
 * expiry error; a warning when fewer than 5 days remain) and stores the session.
 */
export const useSignIn = (clock: Clock = systemClock) => {
  const { t } = useTranslation();
  const toast = useToast();
  const session = useSession();
  return (response: SessionResponse) => {
    const outcome = signInOutcome(response.user.company, clock.now());
    const notice = outcome.notice;
    if (notice?.kind === 'expired') {
      toast.errorText(
        notice.dueDate
          ? t('subscription.expiredToast', { date: formatDate(notice.dueDate) })
          : t('subscription.expiredToastNoDate'),
      );
    } else if (notice?.kind === 'expires-today') {
      toast.warn(t('subscription.expiresToday'));
    } else if (notice?.kind === 'expires-soon') {
      toast.warn(t('subscription.expiresIn', { count: notice.daysLeft, date: formatDate(notice.dueDate) }));
    }
    session.signIn(response, outcome.path);
  };
};

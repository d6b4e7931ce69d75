import { channels } from '@switchboard/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../lib/i18n.ts';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { useSession } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { invoicesQueryKeys } from '../api/get-invoices.ts';
import { PAID_REDIRECT_MS } from '../utils/checkout-form.ts';

/**
 * `company-{id}-payment` with action CONCLUIDA (spec document 2 section 4): the company's new due date takes effect
 * at once (top bar, guards), a success toast gives it, the invoices refresh, and 4 s later the user is sent to /.
 */
export const usePaymentConfirmed = (companyId: number): void => {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, setUser } = useSession();
  const latest = useRef({ user, setUser });
  latest.current = { user, setUser };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useRealtimeEvent(channels.payment(companyId), (data) => {
    if (data?.action !== 'CONCLUIDA') return;
    const current = latest.current.user;
    if (current) latest.current.setUser({ ...current, company: { ...current.company, dueDate: data.company.dueDate } });
    void queryClient.invalidateQueries({ queryKey: invoicesQueryKeys.all });
    toast.success(t('billing.checkout.paid', { date: formatDate(new Date(data.company.dueDate)) }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate('/'), PAID_REDIRECT_MS);
  });
};

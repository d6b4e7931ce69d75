import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PlanFlag } from '@switchboard/shared/contracts/plans';
import { usePlanFlag } from '../lib/plan.ts';
import { useToast } from '../lib/toast.tsx';
import { ForbiddenPage } from './forbidden-page.tsx';
import { PageLoader } from './page-loader.tsx';

/** Spec document 3 sections 2 and 8: the plan gate's toast, then / after 1 s. */
export const PLAN_GATE_REDIRECT_MS = 1000;

/**
 * A page of a plan feature: without the permission (`allowed` false, e.g. a profile user on an admin page) the
 * no-access view; on a plan without `flag` the gate's toast (`message`, already translated) and a redirect to /
 * after 1 s; the page itself once the plan is known to have it.
 */
export function PlanGate({
  flag,
  message,
  allowed = true,
  children,
}: {
  flag: PlanFlag;
  message: string;
  allowed?: boolean;
  children: ReactNode;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const onPlan = usePlanFlag(flag);
  const refused = useRef(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!allowed || onPlan !== false || refused.current) return;
    refused.current = true;
    toast.errorText(message);
    redirect.current = setTimeout(() => void navigate('/', { replace: true }), PLAN_GATE_REDIRECT_MS);
  }, [allowed, onPlan, toast, message, navigate]);
  // the redirect is cancelled only when the page goes (a re-render must not lose it: the toast is shown once)
  useEffect(() => () => clearTimeout(redirect.current), []);

  if (!allowed) return <ForbiddenPage />;
  if (onPlan !== true) return <PageLoader />;
  return <>{children}</>;
}

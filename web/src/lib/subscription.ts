import { PLATFORM_COMPANY_ID } from '@switchboard/shared/permissions';

/**
 * The sign-in outcome rule (spec document 1, section 4 "Sign-in outcome", section 8 "Expired subscription"):
 * a company whose due date is still ahead enters the inbox, with a warning when fewer than 5 days remain;
 * otherwise the user is sent to the open-invoices page with the expiry error. Company 1 never expires.
 */
export const SUBSCRIPTION_WARNING_DAYS = 5;

export const SIGNED_IN_HOME = '/tickets';
export const EXPIRED_SUBSCRIPTION_PATH = '/financeiro-aberto';

export type SubscriptionState =
  | { kind: 'perpetual' }
  | { kind: 'active'; dueDate: Date; daysLeft: number; warn: boolean }
  | { kind: 'expired'; dueDate: Date | undefined };

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

/** Whole calendar days from `now` to `due` in the viewer's time zone: 0 when it falls due later today. */
export const calendarDaysBetween = (now: Date, due: Date): number =>
  Math.round((startOfDay(due).getTime() - startOfDay(now).getTime()) / 86_400_000);

export const subscriptionState = (company: { id: number; dueDate: string | null | undefined }, now: Date): SubscriptionState => {
  if (company.id === PLATFORM_COMPANY_ID) return { kind: 'perpetual' };
  const dueDate = company.dueDate ? new Date(company.dueDate) : undefined;
  if (!dueDate || Number.isNaN(dueDate.getTime()) || dueDate.getTime() <= now.getTime()) {
    return { kind: 'expired', dueDate: dueDate && !Number.isNaN(dueDate.getTime()) ? dueDate : undefined };
  }
  const daysLeft = calendarDaysBetween(now, dueDate);
  return { kind: 'active', dueDate, daysLeft, warn: daysLeft < SUBSCRIPTION_WARNING_DAYS };
};

export type SignInNotice =
  | { kind: 'expired'; dueDate: Date | undefined }
  | { kind: 'expires-today'; dueDate: Date }
  | { kind: 'expires-soon'; dueDate: Date; daysLeft: number };

export interface SignInOutcome {
  path: typeof SIGNED_IN_HOME | typeof EXPIRED_SUBSCRIPTION_PATH;
  notice?: SignInNotice;
}

export const signInOutcome = (company: { id: number; dueDate: string | null | undefined }, now: Date): SignInOutcome => {
  const state = subscriptionState(company, now);
  switch (state.kind) {
    case 'perpetual':
      return { path: SIGNED_IN_HOME };
    case 'expired':
      return { path: EXPIRED_SUBSCRIPTION_PATH, notice: { kind: 'expired', dueDate: state.dueDate } };
    case 'active':
      if (!state.warn) return { path: SIGNED_IN_HOME };
      return {
        path: SIGNED_IN_HOME,
        notice:
          state.daysLeft <= 0
            ? { kind: 'expires-today', dueDate: state.dueDate }
            : { kind: 'expires-soon', dueDate: state.dueDate, daysLeft: state.daysLeft },
      };
  }
};

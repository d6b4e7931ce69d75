/** The campaign report's figures (spec document 3 "Campaign report", sections 4 and 9). */
import type { CampaignStats, CampaignStatus, ShippingStatus } from '@switchboard/shared/contracts/campaigns';

/**
 * Progress = delivered / valid contacts x 100, in whole percent, where delivered is what the channel confirmed (a send
 * it merely took is not). Rounded down, so 199 of 200 shows 99 % and 100 % means every valid contact has it; no
 * valid contacts is 0 %.
 */
export const progressOf = (stats: Pick<CampaignStats, 'valid' | 'delivered'>): number =>
  stats.valid > 0 ? Math.min(100, Math.floor((stats.delivered / stats.valid) * 100)) : 0;

export type ReportCard =
  'valid' | 'sent' | 'deferred' | 'delivered' | 'read' | 'confirmationRequested' | 'confirmed' | 'failed' | 'unreachable';
export const reportCards: readonly ReportCard[] = [
  'valid',
  'sent',
  'deferred',
  'delivered',
  'read',
  'confirmationRequested',
  'confirmed',
  'failed',
  'unreachable',
];

/**
 * The confirmation cards mean something only for a campaign that asks for confirmation; the unreachable one (members
 * of the list or tag the connection's channel cannot write to) only when there are some.
 */
export const cardsFor = (confirmation: boolean, stats?: Pick<CampaignStats, 'unreachable'>): readonly ReportCard[] =>
  reportCards.filter(
    (c) =>
      (confirmation || (c !== 'confirmationRequested' && c !== 'confirmed')) &&
      (c !== 'unreachable' || (stats?.unreachable ?? 0) > 0),
  );

/** Spec section 4: when the status turns FINALIZADA the report reloads (5 s later). */
export const turnedFinished = (before: CampaignStatus | undefined, after: CampaignStatus): boolean =>
  before !== undefined && before !== 'FINALIZADA' && after === 'FINALIZADA';

/** How a shipping row's state is coloured. */
export const shippingSeverity = (status: ShippingStatus): 'success' | 'info' | 'warning' | 'danger' | 'secondary' => {
  switch (status) {
    case 'delivered':
    case 'read':
      return 'success';
    case 'failed':
      return 'danger';
    case 'skipped':
      return 'secondary';
    case 'awaitingConfirmation':
    case 'deferred':
      return 'warning';
    default:
      return 'info';
  }
};

/** Reasons the server names itself; anything else is an error code or the channel's own words. */
export const knownReasons = ['replied', 'optedOut', 'interrupted'] as const;

/** The i18n key of a reason, or undefined when it is shown as it came (after trying it as an error code). */
export const reasonKeyOf = (reason: string): string =>
  (knownReasons as readonly string[]).includes(reason) ? `campaigns.report.reasons.${reason}` : `errors.${reason}`;

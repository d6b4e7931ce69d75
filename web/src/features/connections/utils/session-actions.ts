import { traitsOf } from '@switchboard/shared/channel-traits';
import type { Channel, ConnectionStatus } from '@switchboard/shared/contracts/connections';

/**
 * The buttons of the session column (spec document 2 section 4):
 * - qrcode: show the QR code;
 * - DISCONNECTED: 'try again' (start the session again) and 'new QR' (forget the pairing, pair again);
 * - TIMEOUT: disconnect;
 * - OPENING: a disabled 'connecting' button with a spinner;
 * - CONNECTED (online) and PAIRING (a warning) have no button: the status column shows their state.
 * Only WhatsApp QR sessions have a session to act on.
 */
export type SessionAction = 'showQr' | 'retry' | 'newQr' | 'disconnect' | 'connecting';

export const sessionActions = (channel: Channel, status: ConnectionStatus): SessionAction[] => {
  if (!traitsOf(channel).qrSession) return [];
  switch (status) {
    case 'qrcode':
      return ['showQr'];
    case 'DISCONNECTED':
      return ['retry', 'newQr'];
    case 'TIMEOUT':
      return ['disconnect'];
    case 'OPENING':
      return ['connecting'];
    case 'CONNECTED':
    case 'PAIRING':
      return [];
  }
};

/** A session that stopped or cannot reach WhatsApp: the QR dialog shows why, with a button to try again. */
export const qrFailed = (status: ConnectionStatus | undefined): boolean => status === 'TIMEOUT' || status === 'DISCONNECTED';

/**
 * The QR dialog closes on its own when the session connects, when the connection it showed is gone, or when the
 * session reports an empty QR code after having shown one (a new code replaces the old one in place), unless the
 * session failed: then it stays open to say why. Opened before the first code arrives (or before the list holds a
 * just-created connection), it waits.
 */
export const qrDialogCloses = (
  session: { status: ConnectionStatus; qrcode: string } | undefined,
  seen: { code: boolean; session: boolean },
): boolean =>
  session ? session.status === 'CONNECTED' || (seen.code && session.qrcode === '' && !qrFailed(session.status)) : seen.session;

/** How long the QR dialog waits for a first code before it says none came (the connector's own bound is 60 s). */
export const QR_WAIT_MS = 75_000;

/** Only WhatsApp QR sessions keep a health history. */
export const hasSessionHealth = (channel: Channel): boolean => traitsOf(channel).qrSession;

/**
 * Why a connection is in its status (`statusReason`): the server writes a known beginning followed by the provider's
 * own detail, and the web shows the beginning in the user's language with the detail beside it. A reason that begins
 * with none of these (a WhatsApp disconnect code, for one) is shown as it is.
 */
export const CONNECTION_REASONS = {
  /** a session not yet paired showed no QR code in time (WhatsApp unreachable, the server offline) */
  noQr: 'no QR code came in time',
  /** the QR codes of a pairing ran out unread */
  qrExpired: 'the QR code was not read in time',
  loggedOut: 'logged out from the phone',
  replaced: 'connection replaced',
  /** Meta refused a Graph connection's token (on saving, or on a later call) */
  tokenRefused: 'Meta refused the access token',
  /** Meta does not know the Cloud API number's phone number id for that token */
  numberRefused: 'Meta refused the phone number id',
  /** the token given for a Messenger page or Instagram account is not that page's */
  notPageToken: "The access token is not the page's own",
  /** Meta could not be asked: the connection stays unchecked, so it is not shown connected */
  metaUnreachable: 'Meta could not be reached',
} as const;

export type ConnectionReasonKind = keyof typeof CONNECTION_REASONS;

/** The known kind a reason begins with, if any. */
export const reasonKind = (reason: string | null | undefined): ConnectionReasonKind | undefined =>
  reason
    ? (Object.keys(CONNECTION_REASONS) as ConnectionReasonKind[]).find((k) => reason.startsWith(CONNECTION_REASONS[k]))
    : undefined;

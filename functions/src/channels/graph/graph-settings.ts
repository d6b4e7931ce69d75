/**
 * A Graph API connection's settings, as the Graph drivers read them and the connections module stores them. As
 * stored, the secrets (accessToken, appSecret, verifyToken) are sealed with the data key (the connections module opens
 * them for a Graph call or a webhook check); Meta's ids and the webhook key are kept plain, as lookups need them.
 */
export interface GraphSettings {
  /** Cloud API: the number's id (sends go to it) and its WhatsApp Business Account (templates) */
  phoneNumberId?: string;
  wabaId?: string;
  /** Messenger: the page's id; Instagram: the page the account is linked to */
  pageId?: string;
  /** Instagram: the professional account's id, which its webhook events name */
  instagramAccountId?: string;
  /** Cloud API: a system user's token; Messenger and Instagram: the page token */
  accessToken: string;
  /** Cloud API: the Meta app's secret that signs this number's webhook posts, and the token its setup call presents */
  appSecret?: string;
  verifyToken?: string;
  /** Cloud API: the random key in this connection's webhook address */
  webhookKey?: string;
}

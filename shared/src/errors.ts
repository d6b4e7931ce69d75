/**
 * The error catalogue: the spec's ERR_* codes and the project's own. Every AppError carries one of these codes;
 * the HTTP status of each is decided here, once, so handlers and clients never restate it.
 */
export const errorStatus = {
  // spec document 1, section 8
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 400,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 400,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SENDING_WAPP_MSG: 400,
  ERR_DELETE_WAPP_MSG: 400,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 401,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 500,
  ERR_CREATING_TICKET: 500,
  ERR_FETCH_WAPP_MSG: 400,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  ERR_OUT_OF_HOURS: 401,
  // the project's own
  ERR_VALIDATION: 400,
  ERR_NOT_FOUND: 404,
  ERR_ROUTE_NOT_FOUND: 404,
  ERR_INVALID_TOKEN: 403,
  ERR_TOO_MANY_ATTEMPTS: 429,
  ERR_DUPLICATED_EMAIL: 409,
  ERR_NO_PLAN_FOUND: 404,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_INVALID_RESET_TOKEN: 400,
  ERR_COMPANY_INACTIVE: 403,
  ERR_PLAN_FEATURE_DISABLED: 403,
  ERR_PAYLOAD_TOO_LARGE: 413,
  ERR_TICKET_TAG_REQUIRED: 400,
  ERR_USER_LIMIT_REACHED: 400,
  ERR_CONNECTION_LIMIT_REACHED: 400,
  ERR_QUEUE_LIMIT_REACHED: 400,
  ERR_DUPLICATED_TAG: 409,
  ERR_DUPLICATED_SHORTCODE: 409,
  /** a plan that companies still use cannot be deleted */
  ERR_PLAN_IN_USE: 409,
  /** demoting the company's only admin would leave nobody to manage it */
  ERR_LAST_ADMIN: 400,
  /** an admin removing their own user from the users page */
  ERR_DELETE_SELF: 400,
  /** a push subscription while the deployment has no VAPID key (push notifications off) */
  ERR_PUSH_DISABLED: 409,
  /** a free-form message to a Meta channel more than 24 hours after the customer's last message */
  ERR_OUTSIDE_SERVICE_WINDOW: 400,
  /** a webhook post whose signature is missing or wrong */
  ERR_INVALID_SIGNATURE: 401,
  /** Meta's Graph API refused a call or could not be reached */
  ERR_GRAPH_REQUEST_FAILED: 502,
  /** an invoice of the caller's company that does not exist */
  ERR_NO_INVOICE_FOUND: 404,
  /** a checkout of an invoice already paid */
  ERR_INVOICE_ALREADY_PAID: 409,
  /** the Pix provider refused a call or could not be reached */
  ERR_PAYMENT_PROVIDER_FAILED: 502,
  /** a campaign's fields changed while it may no longer be edited (spec document 3 section 4) */
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  /** a campaign action its status does not allow: cancel when not running, restart when not cancelled, delete while running */
  ERR_CAMPAIGN_INVALID_STATUS: 409,
  /** the external messages API: a token's calls per minute are over the platform's limit (Retry-After says when) */
  ERR_RATE_LIMITED: 429,
  /** an Idempotency-Key used before with a different request */
  ERR_IDEMPOTENCY_KEY_REUSED: 422,
  /** an Idempotency-Key whose first request is still being answered */
  ERR_IDEMPOTENCY_IN_PROGRESS: 409,
  /** a flow name the company already has (server reference 5.1) */
  ERR_DUPLICATED_FLOW_NAME: 409,
  /** a flow graph too big to be kept as one item (DynamoDB items are at most 400 KB) */
  ERR_FLOW_TOO_LARGE: 413,
  /** an integration's test session (POST /queueIntegration/testSession): Dialogflow refused the credentials or the query, or could not be reached */
  ERR_DIALOGFLOW_TEST_FAILED: 502,
  /** the server is stopping (the local runtime while it drains): try again after Retry-After */
  ERR_SERVICE_UNAVAILABLE: 503,
  ERR_INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(errorStatus, value);

/** The JSON body of every error answer. `fields` is set for validation errors, `requestId` for 500s. */
export interface ErrorBody {
  error: ErrorCode;
  message?: string;
  fields?: { path: string; message: string }[];
  requestId?: string;
  /** extra data some errors carry, e.g. the holder of an already-open ticket */
  details?: unknown;
}

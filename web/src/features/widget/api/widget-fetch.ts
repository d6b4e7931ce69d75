import { API_PREFIX, buildPath, routeEntry, type RouteId } from '@switchboard/shared/route-table';

/**
 * The widget's own HTTP: a bare fetch to this origin's /api, with the visitor's token when there is one and no
 * cookies. It never goes through the app's API client, so an agent's session (bearer token, refresh cookie,
 * sign-out rules) is neither sent nor touched from a public chat page.
 */
export class WidgetHttpError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** the paths of the fields a 400 names (`body.mimeType`, ...) */
  readonly fields: readonly string[];

  constructor(status: number, code: string | undefined, fields: readonly string[] = []) {
    super(code ?? `HTTP ${status}`);
    this.name = 'WidgetHttpError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const isWidgetHttpError = (value: unknown): value is WidgetHttpError => value instanceof WidgetHttpError;

type WebchatRoute = Extract<RouteId, `webchat.${string}`>;

export interface WidgetRequest {
  chatToken: string;
  visitorToken?: string;
  body?: unknown;
  fetchImpl?: typeof fetch;
}

export const widgetFetch = async (
  id: WebchatRoute,
  { chatToken, visitorToken, body, fetchImpl = fetch }: WidgetRequest,
): Promise<unknown> => {
  const route = routeEntry(id);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (visitorToken) headers.authorization = `Bearer ${visitorToken}`;
  let response: Response;
  try {
    response = await fetchImpl(`${API_PREFIX}${buildPath(route.path, { token: chatToken })}`, {
      method: route.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new WidgetHttpError(0, 'ERR_NETWORK');
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const code =
      typeof parsed === 'object' && parsed !== null && typeof (parsed as { error?: unknown }).error === 'string'
        ? (parsed as { error: string }).error
        : undefined;
    const fields =
      typeof parsed === 'object' && parsed !== null && Array.isArray((parsed as { fields?: unknown }).fields)
        ? (parsed as { fields: { path?: unknown }[] }).fields.map((f) => String(f.path ?? ''))
        : [];
    throw new WidgetHttpError(response.status, code, fields);
  }
  return parsed;
};

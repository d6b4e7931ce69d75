/**
 * The integration dialog's values and checks, as the API makes them (shared/src/contracts/queue-integrations.ts):
 * name 2 to 50 (Too Short!, Too Long!, Required); a URL for n8n, webhook and typebot; a slug for typebot; project,
 * credentials and language for Dialogflow. Which fields show follows the type.
 */
import {
  DIALOGFLOW_LANGUAGES,
  JSON_CONTENT_MASK,
  QUEUE_INTEGRATION_NAME_MAX,
  QUEUE_INTEGRATION_NAME_MIN,
  TYPEBOT_DEFAULT_DELAY_MESSAGE,
  TYPEBOT_DEFAULT_EXPIRES,
  URL_INTEGRATION_TYPES,
  isServiceAccountJson,
  type QueueIntegration,
  type QueueIntegrationBodyInput,
  type QueueIntegrationType,
} from '@switchboard/shared/contracts/queue-integrations';

export interface IntegrationFormValues {
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
}

/** i18n keys under queueIntegrations.errors */
export type IntegrationFormErrors = Partial<
  Record<keyof IntegrationFormValues, 'required' | 'short' | 'long' | 'url' | 'privateUrl' | 'credentials' | 'language'>
>;

export const emptyIntegrationForm = (): IntegrationFormValues => ({
  type: 'webhook',
  name: '',
  projectName: '',
  jsonContent: '',
  language: 'pt-BR',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: TYPEBOT_DEFAULT_EXPIRES,
  typebotDelayMessage: TYPEBOT_DEFAULT_DELAY_MESSAGE,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotUnknownMessage: '',
  typebotRestartMessage: '',
});

/** A saved integration as the form shows it: its credentials as the mask the API answers. */
export const integrationFormOf = (r: QueueIntegration): IntegrationFormValues => ({
  type: r.type,
  name: r.name,
  projectName: r.projectName ?? '',
  jsonContent: r.jsonContent ?? '',
  language: r.language ?? 'pt-BR',
  urlN8N: r.urlN8N ?? '',
  typebotSlug: r.typebotSlug ?? '',
  typebotExpires: r.typebotExpires,
  typebotDelayMessage: r.typebotDelayMessage,
  typebotKeywordFinish: r.typebotKeywordFinish ?? '',
  typebotKeywordRestart: r.typebotKeywordRestart ?? '',
  typebotUnknownMessage: r.typebotUnknownMessage ?? '',
  typebotRestartMessage: r.typebotRestartMessage ?? '',
});

export const needsUrl = (type: QueueIntegrationType): boolean => URL_INTEGRATION_TYPES.includes(type);
export const hasStoredCredentials = (v: Pick<IntegrationFormValues, 'jsonContent'>): boolean =>
  v.jsonContent === JSON_CONTENT_MASK;

const isHttpUrl = (s: string): boolean => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

export const validateIntegrationForm = (v: IntegrationFormValues): IntegrationFormErrors => {
  const errors: IntegrationFormErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = 'required';
  else if (name.length < QUEUE_INTEGRATION_NAME_MIN) errors.name = 'short';
  else if (name.length > QUEUE_INTEGRATION_NAME_MAX) errors.name = 'long';
  if (needsUrl(v.type)) {
    if (!v.urlN8N.trim()) errors.urlN8N = 'required';
    else if (!isHttpUrl(v.urlN8N.trim())) errors.urlN8N = 'url';
  }
  if (v.type === 'typebot' && !v.typebotSlug.trim()) errors.typebotSlug = 'required';
  if (v.type === 'dialogflow') {
    if (!v.projectName.trim()) errors.projectName = 'required';
    if (!v.jsonContent.trim()) errors.jsonContent = 'required';
    else if (!isServiceAccountJson(v.jsonContent.trim())) errors.jsonContent = 'credentials';
    if (!(DIALOGFLOW_LANGUAGES as readonly string[]).includes(v.language)) errors.language = 'language';
  }
  return errors;
};

const orNull = (s: string): string | null => s.trim() || null;

/** The body of a save; call only when validateIntegrationForm found nothing. Fields of other types go empty. */
export const integrationBodyOf = (v: IntegrationFormValues): QueueIntegrationBodyInput => {
  const dialogflow = v.type === 'dialogflow';
  const typebot = v.type === 'typebot';
  return {
    type: v.type,
    name: v.name.trim(),
    projectName: dialogflow ? v.projectName.trim() : v.name.trim(),
    jsonContent: dialogflow ? v.jsonContent.trim() : null,
    language: dialogflow ? v.language : null,
    urlN8N: needsUrl(v.type) ? v.urlN8N.trim() : null,
    typebotSlug: typebot ? orNull(v.typebotSlug) : null,
    typebotExpires: Math.max(0, Math.round(v.typebotExpires)),
    typebotDelayMessage: Math.max(0, Math.round(v.typebotDelayMessage)),
    typebotKeywordFinish: typebot ? orNull(v.typebotKeywordFinish) : null,
    typebotKeywordRestart: typebot ? orNull(v.typebotKeywordRestart) : null,
    typebotUnknownMessage: typebot ? orNull(v.typebotUnknownMessage) : null,
    typebotRestartMessage: typebot ? orNull(v.typebotRestartMessage) : null,
  };
};

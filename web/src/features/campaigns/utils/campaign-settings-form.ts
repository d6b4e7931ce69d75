/**
 * The campaign settings form (spec document 3 "Campaign settings", section 9 defaults and options): values, the
 * server's rules run before sending, and the body.
 */
import { variableToken } from '@switchboard/shared/message-variables';
import {
  saveCampaignSettingsBody,
  type CampaignSettings,
  type SaveCampaignSettingsBody,
} from '@switchboard/shared/contracts/campaigns';

export interface VariableRow {
  key: string;
  value: string;
}

export type SettingsFormValues = Omit<CampaignSettings, 'variables'> & { variables: VariableRow[] };

/** Errors by field: `startHour`, `variables.2.key`, `optOutWords`, ... (i18n keys or the server's words). */
export type SettingsFormErrors = Record<string, string>;

export const settingsFormOf = (s: CampaignSettings): SettingsFormValues => ({
  ...s,
  variables: s.variables.map((v) => ({ key: v.key, value: v.value })),
  optOutWords: [...s.optOutWords],
});

const messageKeys: Record<string, string> = {
  Required: 'validation.requiredEn',
  'Too Long!': 'validation.tooLong',
  'Invalid hour': 'campaigns.settings.errors.hour',
  'The end hour must come after the start hour': 'campaigns.settings.errors.endBeforeStart',
  'Letters, digits and _ only': 'campaigns.settings.errors.variableKey',
  'Repeated key': 'campaigns.settings.errors.repeatedKey',
};

export const settingsBodyOf = (v: SettingsFormValues): SaveCampaignSettingsBody['settings'] => ({
  ...v,
  variables: v.variables.map((r) => ({ key: r.key.trim(), value: r.value })),
  optOutWords: v.optOutWords.map((w) => w.trim()).filter(Boolean),
});

/** A path of the body's issue as the form names the field. */
const fieldOf = (path: readonly PropertyKey[]): string => {
  const [field, index, part] = path.map(String);
  if (field === 'variables' && index !== undefined && part !== undefined) return `variables.${index}.${part}`;
  return field ?? '';
};

/** The server's rules (settings schema) and one of its own: two variables may not share a key (the row is marked). */
export const validateSettingsForm = (v: SettingsFormValues): SettingsFormErrors => {
  const errors: SettingsFormErrors = {};
  const parsed = saveCampaignSettingsBody.safeParse({ settings: settingsBodyOf(v) });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.slice(1));
      if (field === 'variables') continue;
      errors[field] ??= messageKeys[issue.message] ?? issue.message;
    }
  }
  // which hour comes first means nothing while one of them is not an hour
  if (errors.startHour && errors.endHour === 'campaigns.settings.errors.endBeforeStart') delete errors.endHour;
  const seen = new Set<string>();
  v.variables.forEach((row, i) => {
    const key = row.key.trim().toLowerCase();
    if (!key) return;
    if (seen.has(key)) errors[`variables.${i}.key`] ??= 'campaigns.settings.errors.repeatedKey';
    seen.add(key);
  });
  return errors;
};

/** A 400's fields (`body.settings.startHour`) by the form's field names. */
export const serverSettingsErrors = (fields: readonly { path: string; message: string }[] | undefined): SettingsFormErrors => {
  const errors: SettingsFormErrors = {};
  for (const f of fields ?? []) {
    const field = fieldOf(f.path.split('.').slice(2));
    if (field) errors[field] ??= messageKeys[f.message] ?? f.message;
  }
  return errors;
};

/** Opt-out words typed as one comma- or line-separated text, each kept once. */
export const parseWords = (text: string): string[] => {
  const out: string[] = [];
  for (const w of text
    .split(/[,\n]/)
    .map((x) => x.trim())
    .filter(Boolean))
    if (!out.some((o) => o.toLowerCase() === w.toLowerCase())) out.push(w);
  return out;
};

/** A custom variable as a message writes it, in the one documented syntax (`{{key}}`; the older `{key}` still works). */
export const placeholderOf = (key: string): string => variableToken(key.trim());

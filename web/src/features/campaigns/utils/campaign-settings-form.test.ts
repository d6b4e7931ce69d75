import { campaignSettingsDefaults } from '@switchboard/shared/contracts/campaigns';
import { describe, expect, it } from 'vitest';
import {
  parseWords,
  serverSettingsErrors,
  settingsBodyOf,
  settingsFormOf,
  validateSettingsForm,
  type SettingsFormValues,
} from './campaign-settings-form.ts';

const form = (over: Partial<SettingsFormValues> = {}): SettingsFormValues => ({
  ...settingsFormOf(campaignSettingsDefaults),
  ...over,
});

describe('the campaign settings form', () => {
  it('starts from the spec defaults and passes as it is', () => {
    expect(form()).toMatchObject({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      startHour: '09:00',
      endHour: '18:00',
      sabado: false,
      domingo: false,
    });
    expect(validateSettingsForm(form())).toEqual({});
  });

  it('wants the end hour after the start hour, and real hours', () => {
    expect(validateSettingsForm(form({ startHour: '18:00', endHour: '09:00' }))).toEqual({
      endHour: 'campaigns.settings.errors.endBeforeStart',
    });
    expect(validateSettingsForm(form({ startHour: '25:00' }))).toEqual({ startHour: 'campaigns.settings.errors.hour' });
  });

  it('marks a variable without a key, with a bad key or with a repeated key', () => {
    const errors = validateSettingsForm(
      form({
        variables: [
          { key: 'loja', value: 'Centro' },
          { key: '', value: 'x' },
          { key: 'minha loja', value: 'y' },
          { key: 'LOJA', value: 'z' },
        ],
      }),
    );
    expect(errors).toEqual({
      'variables.1.key': 'validation.requiredEn',
      'variables.2.key': 'campaigns.settings.errors.variableKey',
      'variables.3.key': 'campaigns.settings.errors.repeatedKey',
    });
  });

  it('refuses negative caps', () => {
    expect(Object.keys(validateSettingsForm(form({ dailyLimit: -1, warmupStart: -2 })))).toEqual(['dailyLimit', 'warmupStart']);
  });

  it('sends trimmed keys and opt-out words', () => {
    expect(settingsBodyOf(form({ variables: [{ key: ' loja ', value: 'Centro' }], optOutWords: [' sair ', ''] }))).toMatchObject({
      variables: [{ key: 'loja', value: 'Centro' }],
      optOutWords: ['sair'],
    });
  });

  it('reads opt-out words from a comma or line list, each once', () => {
    expect(parseWords('sair, PARAR\nparar,, stop ')).toEqual(['sair', 'PARAR', 'stop']);
  });

  it("puts a 400's fields on the form's fields", () => {
    expect(
      serverSettingsErrors([
        { path: 'body.settings.endHour', message: 'The end hour must come after the start hour' },
        { path: 'body.settings.variables.0.key', message: 'Required' },
      ]),
    ).toEqual({
      endHour: 'campaigns.settings.errors.endBeforeStart',
      'variables.0.key': 'validation.requiredEn',
    });
  });
});

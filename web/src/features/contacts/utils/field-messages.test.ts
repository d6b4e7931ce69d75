import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { importReasonKey, messageKey } from './field-messages.ts';

describe("the import's row reasons", () => {
  it("are worded in Portuguese, not in the forms' English spec texts", () => {
    const t = i18n.getFixedT('pt');
    expect(['Too Short!', 'Too Long!', 'Invalid email', 'Required'].map((m) => t(importReasonKey(m)))).toEqual([
      'Curto demais',
      'Longo demais',
      'E-mail inválido',
      'Obrigatório',
    ]);
    expect(t(importReasonKey('validation.requiredEn'))).toBe('Obrigatório');
  });

  it('keep a server text they do not know as it came, and the forms keep the spec texts', () => {
    expect(importReasonKey('errors.ERR_DUPLICATED_CONTACT')).toBe('errors.ERR_DUPLICATED_CONTACT');
    expect(importReasonKey('Something else')).toBe('Something else');
    expect(messageKey('Too Short!')).toBe('validation.tooShort');
  });
});

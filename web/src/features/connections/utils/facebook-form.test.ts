import { describe, expect, it } from 'vitest';
import { facebookBodyOf, validateFacebookForm } from './facebook-form.ts';

describe('the Facebook and Instagram form', () => {
  it("asks for the Meta user's numeric id and a token", () => {
    expect(validateFacebookForm({ facebookUserId: ' ', facebookUserToken: '', addInstagram: false })).toEqual({
      facebookUserId: 'validation.requiredEn',
      facebookUserToken: 'validation.requiredEn',
    });
    expect(validateFacebookForm({ facebookUserId: 'me', facebookUserToken: 'x'.repeat(1001), addInstagram: false })).toEqual({
      facebookUserId: 'connections.dialog.digitsOnly',
      facebookUserToken: 'validation.tooLong',
    });
    expect(validateFacebookForm({ facebookUserId: '1234567890', facebookUserToken: 'EAAB', addInstagram: true })).toEqual({});
  });

  it('sends the trimmed id and token with the Instagram choice', () => {
    expect(facebookBodyOf({ facebookUserId: ' 123 ', facebookUserToken: ' EAAB ', addInstagram: true })).toEqual({
      facebookUserId: '123',
      facebookUserToken: 'EAAB',
      addInstagram: true,
    });
  });
});

import type { FacebookConnectBody } from '@switchboard/shared/contracts/connections';

export interface FacebookFormValues {
  facebookUserId: string;
  facebookUserToken: string;
  addInstagram: boolean;
}
export type FacebookFormErrors = Partial<Record<'facebookUserId' | 'facebookUserToken', string>>;

const TOKEN_MAX = 1000;

/** The Meta user's numeric id and the user token are both needed (the Graph API lists that user's pages). */
export const validateFacebookForm = (v: FacebookFormValues): FacebookFormErrors => {
  const errors: FacebookFormErrors = {};
  const id = v.facebookUserId.trim();
  if (!id) errors.facebookUserId = 'validation.requiredEn';
  else if (!/^\d{1,30}$/.test(id)) errors.facebookUserId = 'connections.dialog.digitsOnly';
  const token = v.facebookUserToken.trim();
  if (!token) errors.facebookUserToken = 'validation.requiredEn';
  else if (token.length > TOKEN_MAX) errors.facebookUserToken = 'validation.tooLong';
  return errors;
};

export const facebookBodyOf = (v: FacebookFormValues): FacebookConnectBody => ({
  facebookUserId: v.facebookUserId.trim(),
  facebookUserToken: v.facebookUserToken.trim(),
  addInstagram: v.addInstagram,
});

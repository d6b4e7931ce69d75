/** Contacts' numbers hidden from agents who may not see them (spec document 1 section 6, LGPD's number masking). */
import { type Contact } from '@switchboard/shared/contracts/contacts';
import type { CompanySettings } from '@switchboard/shared/contracts/settings';
import type { AuthContext } from '../../platform/http/types.ts';

// ----- privacy (spec document 1 section 6) -----

export const privacyOn = (settings: Partial<CompanySettings> | undefined): boolean =>
  settings?.enableLGPD === 'enabled' && settings?.lgpdHideNumber === 'enabled';

/**
 * Hides a number from viewers who may not see it: the last 2 characters stay visible, the 6 before them
 * become '*', a longer number keeps its leading part (`5511999887766` -> `55119******66`); a number of 8
 * characters or fewer shows only its last 2.
 */
export const maskNumber = (number: string): string => {
  if (number.length <= 2) return number;
  if (number.length > 8) return `${number.slice(0, -8)}******${number.slice(-2)}`;
  return `${'*'.repeat(number.length - 2)}${number.slice(-2)}`;
};

/** True when the viewer sees masked numbers: profile user while enableLGPD and lgpdHideNumber are enabled. */
export const hidesNumbers = (auth: Pick<AuthContext, 'profile' | 'company'>): boolean =>
  auth.profile === 'user' && privacyOn(auth.company.settings);

/** A contact as this viewer may see it (group numbers are never masked). */
export const presentContact = (auth: Pick<AuthContext, 'profile' | 'company'>, contact: Contact): Contact =>
  contact.isGroup || !hidesNumbers(auth) ? contact : { ...contact, number: maskNumber(contact.number) };

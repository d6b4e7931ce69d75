import type { CreateQuickMessageBody, QuickMessage } from '@switchboard/shared/contracts/quick-messages';

export interface QuickMessageFormValues {
  shortcode: string;
  message: string;
  geral: boolean;
  visao: boolean;
}

/** i18n keys of the messages shown under the fields. */
export type QuickMessageFormErrors = Partial<Record<'shortcode', string>>;

export const emptyQuickMessageForm = (): QuickMessageFormValues => ({ shortcode: '', message: '', geral: false, visao: true });

export const quickMessageFormOf = (r: QuickMessage): QuickMessageFormValues => ({
  shortcode: r.shortcode,
  message: r.message,
  geral: r.geral,
  visao: r.visao,
});

/** Spec document 3 section 5: the shortcode is required ('Requerido'); it is typed after '/', so it has no spaces. */
export const validateQuickMessageForm = (v: QuickMessageFormValues): QuickMessageFormErrors => {
  const shortcode = v.shortcode.trim();
  if (!shortcode) return { shortcode: 'quickMessages.dialog.required' };
  if (/\s/.test(shortcode)) return { shortcode: 'quickMessages.dialog.noSpaces' };
  return {};
};

/** Section 4: the shared option exists only while the reply is active, so an inactive reply is never shared. */
export const withVisao = (v: QuickMessageFormValues, visao: boolean): QuickMessageFormValues => ({
  ...v,
  visao,
  geral: visao ? v.geral : false,
});

export const quickMessageBodyOf = (v: QuickMessageFormValues): CreateQuickMessageBody => ({
  shortcode: v.shortcode.trim(),
  message: v.message,
  visao: v.visao,
  geral: v.visao && v.geral,
});

/** A reply another user made and did not share is read-only (sections 4 and 6). */
export const isReadOnlyFor = (r: Pick<QuickMessage, 'userId' | 'geral'>, userId: number): boolean =>
  r.userId !== userId && !r.geral;

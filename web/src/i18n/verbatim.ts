/**
 * Texts that read the same in every language, so each dictionary spreads them in rather than spelling them out: the
 * languages' own names, the channels' brand names, and the texts the specification quotes verbatim (in Spanish, Portuguese or English whatever
 * the interface language).
 */

/** Each language named in itself, for the language picker. */
export const languageNames = {
  pt: 'Português',
  es: 'Español',
  en: 'English',
  tr: 'Türkçe',
};

/** The messaging channels' brand names (the website chat is named in each language). */
export const channelBrandNames = {
  whatsapp: 'WhatsApp',
  whatsappapi: 'WhatsApp Cloud API',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

/** The spec's form validation texts (the app's shared `validation` section, all but the password length). */
export const specValidation = {
  required: 'Obrigatório',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  emailInvalid: 'Email inválido',
  invalidEmail: 'Invalid email',
  requiredEn: 'Required',
  fieldRequired: 'Campo obligatorio',
  passwordsMismatch: 'Las contraseñas no coinciden',
};

/** The spec's validation texts of the platform administration forms. */
export const specPlatformValidation = {
  required: 'Requerido',
  nameRequired: 'Nombre requerido',
  invalidEmail: 'Invalid email',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
};

/** The spec's campaign status labels. */
export const specCampaignStatus = {
  INATIVA: 'Inactiva',
  PROGRAMADA: 'Programada',
  EM_ANDAMENTO: 'En proceso',
  CANCELADA: 'Cancelada',
  FINALIZADA: 'Finalizada',
};

/** The spec's validation texts of the flow builder's steps. */
export const specFlowRules = {
  intervalRequired: 'Adicione o valor de intervalo',
  intervalMax: 'Máximo de tiempo atingido 120 segundos',
  emptyMessages: 'Campos de mensaje vacíos',
  emptyCards: 'Borrar las tarjetas vacías',
  queueRequired: 'Añadir una cola',
};

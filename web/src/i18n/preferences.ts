/**
 * The names of a user's theme and menu preferences in each language: the profile page (the shared dictionaries) and
 * the users page (users/*.ts) show the same choices.
 */
export const preferenceNames = {
  pt: { themes: { light: 'Claro', dark: 'Escuro' }, menus: { open: 'Aberto', closed: 'Fechado' } },
  en: { themes: { light: 'Light', dark: 'Dark' }, menus: { open: 'Open', closed: 'Closed' } },
  es: { themes: { light: 'Claro', dark: 'Oscuro' }, menus: { open: 'Abierto', closed: 'Cerrado' } },
  tr: { themes: { light: 'Açık', dark: 'Koyu' }, menus: { open: 'Açık', closed: 'Kapalı' } },
};

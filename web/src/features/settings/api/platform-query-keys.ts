/** Cache keys of the super user's tabs (plans, companies, white label). */
export const platformQueryKeys = {
  plans: ['plans', 'all'] as const,
  companies: ['companies'] as const,
  companyPage: (searchParam: string, rows: number) => ['companies', 'page', searchParam, rows] as const,
  whitelabel: ['whitelabel'] as const,
};

/** The settings page's query keys (apart from the fetchers, so the app shell's live updates stay small). */
export const settingsQueryKeys = {
  all: ['settings'] as const,
  options: () => ['settings', 'options'] as const,
  schedules: (companyId: number) => ['settings', 'schedules', companyId] as const,
};

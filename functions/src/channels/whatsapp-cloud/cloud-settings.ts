/** A Cloud API number's settings as an admin gives them: Meta's ids (digits) and the three secrets, all required. */
import { z } from 'zod';
import type { ConfigIssue } from '../channel-driver.ts';

const settings = z.object({
  phoneNumberId: z.string({ error: 'Required' }).regex(/^\d{1,30}$/, 'Digits only'),
  wabaId: z.string({ error: 'Required' }).regex(/^\d{1,30}$/, 'Digits only'),
  accessToken: z.string({ error: 'Required' }).min(1, 'Required'),
  appSecret: z.string({ error: 'Required' }).min(1, 'Required'),
  verifyToken: z.string({ error: 'Required' }).min(1, 'Required'),
});

export const cloudSettingsIssues = (config: unknown): ConfigIssue[] => {
  const parsed = settings.safeParse(config ?? {});
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

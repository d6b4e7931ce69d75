import type { User } from '@switchboard/shared/contracts/auth';
import type { PlanFlags } from '@switchboard/shared/contracts/plans';
import { userFlagNames, type Viewer } from '@switchboard/shared/permissions';

/**
 * The permission viewer of the signed-in user: profile, super flag and user flags from the session, plan
 * features from the company's plan. Until the plan is known no plan feature is granted.
 */
export const buildViewer = (user: User, plan?: Partial<PlanFlags> | null): Viewer => ({
  profile: user.profile,
  super: user.super,
  flags: Object.fromEntries(userFlagNames.map((f) => [f, user[f]])),
  plan: plan ?? {},
});

/** The caller as the permission rules of shared/permissions.ts see them. */
import { withDefaults } from '@switchboard/shared/company-options';
import type { Plan } from '@switchboard/shared/contracts/plans';
import type { Viewer } from '@switchboard/shared/permissions';
import type { AuthContext } from '../http/types.ts';

export const viewerOf = (auth: AuthContext, plan?: Plan): Viewer => ({
  profile: auth.profile,
  super: auth.super,
  flags: {
    allHistoric: auth.user.allHistoric,
    allUserChat: auth.user.allUserChat,
    userClosePendingTicket: auth.user.userClosePendingTicket,
    showDashboard: auth.user.showDashboard,
    allowRealTime: auth.user.allowRealTime,
    allowConnections: auth.user.allowConnections,
  },
  plan: plan ?? {},
  // a company without stored options has the defaults (campaigns on)
  companySettings: withDefaults(auth.company.settings),
});

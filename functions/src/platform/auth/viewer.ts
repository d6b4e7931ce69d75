/** The caller as the permission rules of shared/permissions.ts see them. */
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
});

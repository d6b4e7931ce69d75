import { createContext, useContext, type ReactNode } from 'react';

/**
 * The company the connection calls below act on: undefined for the caller's own company (the ordinary routes),
 * another company's id when the super user manages it from the All-connections overview (the `/whatsapp-admin`
 * routes, which the server accepts from a super user only).
 */
const ConnectionsTarget = createContext<number | undefined>(undefined);

export function ConnectionsTargetProvider({ companyId, children }: { companyId: number | undefined; children: ReactNode }) {
  return <ConnectionsTarget.Provider value={companyId}>{children}</ConnectionsTarget.Provider>;
}

export const useConnectionsTarget = (): number | undefined => useContext(ConnectionsTarget);

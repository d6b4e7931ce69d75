/** Key fragments shared by every entity file: tenant prefix and sortable numeric ids. */
export const companyPk = (companyId: number): string => `C#${companyId}`;

/** Zero-padded so that numeric ids sort in key order. */
export const padId = (id: number): string => String(id).padStart(10, '0');

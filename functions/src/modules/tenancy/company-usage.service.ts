/** Questions other modules ask about the companies as a whole. */
import { anyCompanyOnPlan, queryCompanyPage } from './companies.repository.ts';

/** Whether a company is on the plan (a plan in use cannot be deleted). */
export const companyOnPlan = (planId: number): Promise<boolean> => anyCompanyOnPlan(planId);

/** Calls `each` with every company's id, a page at a time (a platform-wide notice reaches every company). */
export const forEachCompanyId = async (each: (companyId: number) => Promise<void>): Promise<void> => {
  let start: Record<string, string> | undefined;
  do {
    const page = await queryCompanyPage(100, start);
    await Promise.all(page.companies.map((c) => each(c.id)));
    start = page.next;
  } while (start);
};

import type { CompanyOptionKey } from '@switchboard/shared/company-options';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { useApplySettings } from './apply-settings.ts';

/** PUT /companySettings {column, data}: one option, saved when its select changes. */
export const updateCompanySetting = ({ column, data }: { column: CompanyOptionKey; data: string }) =>
  callRoute('settings.company-update', { body: { column, data } });

export const useUpdateCompanySetting = () => {
  const apply = useApplySettings();
  return useMutation({ mutationFn: updateCompanySetting, onSuccess: apply });
};

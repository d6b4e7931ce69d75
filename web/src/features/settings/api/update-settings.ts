import type { CompanySettingsPatch } from '@switchboard/shared/contracts/company-settings';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { useApplySettings } from './apply-settings.ts';

/** PUT /settings: several options at once (a custom message with the option that needs it). */
export const updateSettings = (patch: CompanySettingsPatch) => callRoute('settings.update-many', { body: patch });

export const useUpdateSettings = () => {
  const apply = useApplySettings();
  return useMutation({ mutationFn: updateSettings, onSuccess: apply });
};

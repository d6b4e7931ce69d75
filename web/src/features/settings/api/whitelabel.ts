import type { LogoMode, Whitelabel } from '@switchboard/shared/contracts/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { applyBranding, whitelabelQueryKey } from '../../../lib/branding.ts';

export const useWhitelabel = () => useQuery({ queryKey: whitelabelQueryKey, queryFn: () => callRoute('settings.whitelabel') });

/** PUT /settings-whitelabel: name and colours, applied to this browser at once. */
export const useSaveWhitelabel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { appName?: string; primaryColorLight?: string; primaryColorDark?: string }) =>
      callRoute('settings.whitelabel-update', { body }),
    onSuccess: (saved: Whitelabel) => {
      queryClient.setQueryData(whitelabelQueryKey, saved);
      applyBranding(saved);
    },
  });
};

/** POST /settings-whitelabel/logo names the file for a mode; the bytes go to the signed address it answers. */
export const uploadLogo = async ({ mode, file }: { mode: LogoMode; file: File }): Promise<void> => {
  const target = await callRoute('settings.whitelabel-logo', {
    body: { mode, name: file.name, mimeType: file.type, size: file.size },
  });
  const response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, { error: 'ERR_INTERNAL' });
};

export const useUploadLogo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: whitelabelQueryKey }),
  });
};

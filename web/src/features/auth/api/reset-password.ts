import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export interface ResetPasswordInput {
  email: string;
  token: string;
  newPassword: string;
}

export const resetPassword = (params: ResetPasswordInput) => callRoute('auth.reset-password', { params: { ...params } });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

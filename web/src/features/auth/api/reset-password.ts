import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export interface ResetPasswordInput {
  email: string;
  token: string;
  newPassword: string;
}

export const resetPassword = (input: ResetPasswordInput) => callRoute('auth.reset-password', { body: { ...input } });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

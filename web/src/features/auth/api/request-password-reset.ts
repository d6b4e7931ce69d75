import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** Mails a reset link; the answer's status 404 means the address is unknown. */
export const requestPasswordReset = (email: string) => callRoute('auth.forgot-password', { params: { email } });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

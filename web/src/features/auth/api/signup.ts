import { useMutation } from '@tanstack/react-query';
import { callRoute, type CallInput } from '../../../lib/api-client.ts';

export type SignupInput = CallInput<'auth.signup'>['body'];

export const signup = (body: SignupInput) => callRoute('auth.signup', { body });

export const useSignup = () => useMutation({ mutationFn: signup });

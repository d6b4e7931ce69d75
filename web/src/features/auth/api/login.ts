import { useMutation } from '@tanstack/react-query';
import { callRoute, type CallInput } from '../../../lib/api-client.ts';

export type LoginInput = CallInput<'auth.login'>['body'];

export const login = (body: LoginInput) => callRoute('auth.login', { body });

export const useLogin = () => useMutation({ mutationFn: login });

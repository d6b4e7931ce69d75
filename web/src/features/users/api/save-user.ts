import type { User } from '@switchboard/shared/contracts/auth';
import type { CreateUserBody, UpdateUserBody } from '@switchboard/shared/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { usersQueryKeys } from './get-users.ts';

export type SaveUserInput =
  | { kind: 'create'; body: CreateUserBody; image?: File }
  | { kind: 'update'; id: number; body: UpdateUserBody | undefined; image?: File };

/**
 * POST /users/{id}/media-upload: the API records the picture on the user and hands out a signed address; the
 * bytes go there directly, as message attachments do.
 */
export const uploadUserImage = async (id: number, file: File): Promise<User> => {
  const target = await callRoute('users.media-upload', {
    params: { id },
    body: { name: file.name, mimeType: file.type, size: file.size },
  });
  const response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, { error: 'ERR_INTERNAL' });
  return target.user;
};

/** Creates (POST) or updates (PUT, only what changed) a user, then uploads a new picture if one was chosen. */
export const saveUser = async (input: SaveUserInput): Promise<User | undefined> => {
  let saved: User | undefined =
    input.kind === 'create'
      ? await callRoute('users.create', { body: input.body })
      : input.body
        ? await callRoute('users.update', { params: { id: input.id }, body: input.body })
        : undefined;
  const id = input.kind === 'create' ? saved!.id : input.id;
  if (input.image) saved = await uploadUserImage(id, input.image);
  return saved;
};

export const useSaveUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.all }),
  });
};

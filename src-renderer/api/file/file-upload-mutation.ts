import { useMutation } from '@tanstack/react-query';
import { api, V1 } from '../client';

/** POST file (multipart, source=post): stores an image for a post and answers its URL. */
export const uploadPostImage = (file: Blob, name: string) => {
  const form = new FormData();
  form.append('source', 'post');
  form.append('file', file, name);
  return api.upload(`${V1}/file`, form, { handleErrors: true });
};

/** Uploads an editor image. */
export function useUploadImage() {
  return useMutation({ mutationFn: ({ file, name }: { file: Blob; name: string }) => uploadPostImage(file, name) });
}

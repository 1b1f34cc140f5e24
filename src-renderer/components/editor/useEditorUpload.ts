import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../server/contract/limits';
import { ApiError } from '../../api/errors';
import { useUploadImage } from '../../api/file/file-upload-mutation';
import { firstFieldError } from '../../hooks/useFormError';
import { useImagePicker, type PickedFile } from '../../hooks/useImagePicker';
import { linkMarkdown } from './markdown-edits';

/**
 * Image upload for the editor (by the picker, paste or drop; images up to the upload limit): the
 * uploaded image's markdown goes in with `insert`; `done` runs after (closing the image dialog).
 */
export function useEditorUpload(insert: (before: string, after: string, placeholder: string, text: string) => void, done: () => void) {
  const { t } = useTranslation();
  const [uploadError, setUploadError] = useState<string | undefined>();
  const upload = useUploadImage();
  const uploadFile = useCallback(
    async (file: PickedFile) => {
      setUploadError(undefined);
      if (!file.type.startsWith('image/')) return setUploadError(t('editor.image_only'));
      if (file.blob.size > LIMITS.uploadBytes) return setUploadError(t('editor.image_too_big', { mb: LIMITS.uploadBytes / 1024 / 1024 }));
      try {
        const url = await upload.mutateAsync({ file: file.blob, name: file.name });
        insert('', '', '', linkMarkdown(url, '', true));
        done();
      } catch (e) {
        setUploadError(e instanceof ApiError ? (firstFieldError(e) ?? e.message) : t('error.generic'));
      }
    },
    [insert, t, upload, done],
  );
  const picker = useImagePicker((f) => void uploadFile(f));

  /** Pasted or dropped files: an image among them is uploaded, else the first (refused with the message). False for none. */
  const takeFiles = (files: FileList | null | undefined): boolean => {
    const list = files ? Array.from(files) : [];
    if (list.length === 0) return false;
    const f = list.find((x) => x.type.startsWith('image/')) ?? list[0];
    void uploadFile({ blob: f, name: f.name || 'pasted.png', type: f.type });
    return true;
  };
  return { uploading: upload.isPending, uploadError, setUploadError, picker, takeFiles };
}

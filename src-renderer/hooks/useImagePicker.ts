import { useCallback, useRef, type ChangeEvent } from 'react';

/** A picked image, as bytes with its name and type. */
export interface PickedFile {
  blob: Blob;
  name: string;
  type: string;
}

/**
 * Picks one image: the native dialog of the desktop window (window.lantern.pickImage) when there
 * is one, else the browser's file input (`inputProps` go on a hidden <input type="file">).
 */
export function useImagePicker(onPicked: (file: PickedFile) => void) {
  const input = useRef<HTMLInputElement>(null);
  const pick = useCallback(async () => {
    if (window.lantern) {
      const picked = await window.lantern.pickImage();
      if (picked)
        onPicked({
          blob: new Blob([picked.bytes as Uint8Array<ArrayBuffer>], { type: picked.type }),
          name: picked.name,
          type: picked.type,
        });
      return;
    }
    input.current?.click();
  }, [onPicked]);
  const onChange = useCallback(
    (e: ChangeEvent<HTMLInputElement>) => {
      const file = e.target.files?.[0];
      // cleared so that choosing the same file again still fires a change
      e.target.value = '';
      if (file) onPicked({ blob: file, name: file.name, type: file.type });
    },
    [onPicked],
  );
  return { pick, inputProps: { ref: input, type: 'file', accept: 'image/*', hidden: true, onChange, tabIndex: -1 } as const };
}

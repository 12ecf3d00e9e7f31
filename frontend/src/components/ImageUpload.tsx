/**
 * Picks an image, uploads it to the image store and reports the stored name; shows the current
 * image, a busy state and the server's error text. Keyboard-usable (a real button); a file can
 * also be dropped on the area (a dropped logo did nothing). A file that is not
 * a png, jpg or webp image, or larger than 5 MB, is refused here with the image store's message
 * (catalogue `domain/images.ts`) and never sent; the store judges the bytes again.
 */
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useId, useState, type DragEvent } from 'react';
import { ApiError } from '../api/client';
import { MAX_UPLOAD_BYTES, uploadImage } from '../api/images';
import { imageUrl } from '../lib/images';

/** Declared types the image store takes (it checks the bytes too). */
const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const ACCEPTED_NAMES = /\.(png|jpe?g|webp)$/i;

/** Why `file` cannot be uploaded, or null when it may be. */
export function imageFileProblem(file: File): string | null {
  const typed = file.type ? ACCEPTED_TYPES.includes(file.type) : ACCEPTED_NAMES.test(file.name);
  if (!typed) return `${file.name}: only png, jpg, jpeg or webp images can be uploaded`;
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name}: image must be 5 MB or smaller`;
  return null;
}

export function ImageUpload({
  label,
  value,
  onChange,
  round = false,
}: {
  label: string;
  /** The stored image name, or '' / undefined for none. */
  value: string | undefined;
  onChange: (name: string) => void;
  round?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const labelId = useId();

  const pick = async (file: File | null) => {
    if (!file) return;
    setError(null);
    const problem = imageFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      onChange((await uploadImage(file)).name);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The image could not be uploaded');
    } finally {
      setBusy(false);
    }
  };

  // Without preventDefault on dragover the browser opens a dropped file instead of dropping it.
  const dragOver = (e: DragEvent) => {
    e.preventDefault();
    setOver(true);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const files = e.dataTransfer?.files;
    if (!files || files.length === 0) return setError('Drop an image file (png, jpg or webp)');
    void pick(files[0] ?? null);
  };

  return (
    <Group
      align="center"
      role="group"
      aria-labelledby={labelId}
      onDragOver={dragOver}
      onDragEnter={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      p={4}
      style={{ borderRadius: 8, outline: over ? '2px dashed var(--mantine-color-blue-5)' : undefined }}
    >
      <Avatar src={imageUrl(value)} size={72} radius={round ? 72 : 'md'} alt="" />
      <Stack gap={4}>
        <FileButton onChange={(f) => void pick(f)} accept={ACCEPTED_TYPES.join(',')}>
          {(props) => (
            <Button {...props} id={labelId} variant="default" size="xs" loading={busy}>
              {label}
            </Button>
          )}
        </FileButton>
        {error ? (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            png, jpg or webp, up to 5 MB; or drop it here
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/**
 * Picks an image, uploads it to the image store and reports the stored name; shows the current
 * image, a busy state and the server's error text. Keyboard-usable (a real button).
 */
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../api/client';
import { MAX_UPLOAD_BYTES, uploadImage } from '../api/images';
import { imageUrl } from '../lib/images';

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

  const pick = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      setError('Image must be 5 MB or smaller');
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

  return (
    <Group align="center">
      <Avatar src={imageUrl(value)} size={72} radius={round ? 72 : 'md'} alt="" />
      <Stack gap={4}>
        <FileButton onChange={(f) => void pick(f)} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={busy}>
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
            png, jpg or webp, up to 5 MB
          </Text>
        )}
      </Stack>
    </Group>
  );
}

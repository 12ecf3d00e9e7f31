/**
 * Up to three item images (spec 001 section 5: the first three are used; the first is the main one).
 * A return's photos (issue 31 item 3) use it with their own `max`, `label` and `noun`.
 */
import { useServerMessage } from '../i18n/serverMessage';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { MAX_ITEM_IMAGES } from '@market/contracts';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../api/client';
import { uploadImage } from '../api/images';
import { thumbnailUrl } from '../lib/images';

export function ImagesPicker({
  value,
  onChange,
  error,
  max = MAX_ITEM_IMAGES,
  label = `Images (up to ${MAX_ITEM_IMAGES}; the first is the main image)`,
  noun = 'image',
  limitNote = (room: number) => `Up to ${MAX_ITEM_IMAGES} images per item: the first ${room} were used`,
}: {
  value: string[];
  onChange: (names: string[]) => void;
  error?: string;
  /** Most images kept. */
  max?: number;
  label?: string;
  /** What one image is called on its buttons ("image", "photo"). */
  noun?: string;
  /** What is said when more files were chosen than there is room for. */
  limitNote?: (room: number) => string;
}) {
  const { t } = useTranslation();
  const message = useServerMessage();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const add = async (files: File[]) => {
    setProblem(null);
    const room = max - value.length;
    if (files.length > room) setProblem(limitNote(room));
    setBusy(true);
    try {
      const names: string[] = [];
      for (const f of files.slice(0, room)) names.push((await uploadImage(f)).name);
      onChange([...value, ...names]);
    } catch (err) {
      setProblem(err instanceof ApiError ? message(err) : t('images.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group>
        {value.map((name, n) => (
          <div key={name} style={{ position: 'relative' }}>
            <Image
              src={thumbnailUrl(name)}
              alt={t(`images.${noun}.alt`, { n: n + 1, defaultValue: `${noun[0]!.toUpperCase()}${noun.slice(1)} ${n + 1}` })}
              w={96}
              h={96}
              fit="cover"
              radius="sm"
            />
            <ActionIcon
              size="sm"
              color="red"
              style={{ position: 'absolute', top: 4, right: 4 }}
              aria-label={t(`images.${noun}.remove`, { n: n + 1, defaultValue: `Remove ${noun} ${n + 1}` })}
              onClick={() => onChange(value.filter((v) => v !== name))}
            >
              <IconX size={14} />
            </ActionIcon>
          </div>
        ))}
        {value.length < max && (
          <FileButton multiple accept="image/png,image/jpeg,image/webp" onChange={(files) => void add(files)}>
            {(props) => (
              // The label wraps inside the thumbnail-sized tile (it was cut to "Add ima": issue 30 item 11).
              <Button
                {...props}
                variant="default"
                loading={busy}
                h={96}
                w={96}
                px={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 } }}
              >
                {t(`images.${noun}.add`, { defaultValue: `Add ${noun}s` })}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {(problem ?? error) && (
        <Text size="xs" c="red" role="alert">
          {problem ?? (error && message(error))}
        </Text>
      )}
    </Stack>
  );
}

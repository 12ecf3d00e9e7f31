/**
 * Search box and pager of server-side lists (docs/architecture.md, Departures from the documents:
 * filtering and paging on the server). The search waits 300 ms after typing before it asks again.
 */
import { useTranslation } from 'react-i18next';
import { Group, Pagination, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

export function useSearch(initial = '') {
  const [text, setText] = useState(initial);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [debounced]);
  return { text, setText, q: debounced, page, setPage };
}

export function SearchBox({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maw={420}
      w="100%"
    />
  );
}

export function Pager({ page, total, limit, onChange }: { page: number; total: number; limit: number; onChange: (p: number) => void }) {
  const { t } = useTranslation('shop');
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {t('results', { count: total })}
      </Text>
      {pages > 1 && (
        <Pagination
          value={page}
          onChange={(p) => {
            onChange(p);
            // The new page starts at its top, not where the pager was (issue 32 item 4).
            window.scrollTo?.({ top: 0 });
          }}
          total={pages}
          size="sm"
        />
      )}
    </Group>
  );
}

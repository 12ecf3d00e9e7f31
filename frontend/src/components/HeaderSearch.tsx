/**
 * The search box in the header of every customer page (issue 32 item 3), for guests too: as the
 * shopper types, up to 8 suggestions from the catalogue's item index (`GET /items/suggest`: item
 * names, brands, model numbers). Arrow keys move through them, Enter opens the one marked (an item
 * or model: its page; a brand: its listing) or, with none marked, searches All Items for the text
 * (`/Customer/AllItmes?q=`, relevance order); Escape closes the list, then clears the text.
 *
 * The list is a plain ARIA combobox (input with `aria-activedescendant` over a `listbox`), not
 * Mantine's Combobox: that brings @floating-ui into every page's first script (see AreaShell).
 * On a phone (below 48em) the header shows a search button that opens the field over the header.
 */
import { useTranslation } from 'react-i18next';
import { ActionIcon, Box, CloseButton, Group, Paper, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { brandLabel } from '@market/contracts/rules';
import { IconSearch } from '@tabler/icons-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useHydrated } from '../lib/useHydrated';
import { useNavigate } from 'react-router-dom';
import { catalogueApi } from '../api/catalogue';
import { useAsync } from '../lib/useAsync';

/** One suggestion as the catalogue answers it. */
export interface Suggestion {
  text: string;
  kind: 'item' | 'brand' | 'model';
  itemId?: string;
}

/** Where a suggestion leads: an item's page, or a brand's listing. */
export function suggestionPath(s: Suggestion): string {
  return s.itemId ? `/Customer/ItemDetails/${s.itemId}` : `/Customer/AllItemsFilterBy/${encodeURIComponent(s.text)}`;
}

/** The All Items search for `text` (the listing orders it by relevance). */
export const searchPath = (text: string) => `/Customer/AllItmes?q=${encodeURIComponent(text.trim())}`;

/** Pause after the last key before asking for suggestions (ms). */
const SUGGEST_DELAY_MS = 150;

const KIND_LABEL: Record<Suggestion['kind'], string> = { item: '', brand: 'Brand', model: 'Model' };

function SearchField({ autoFocus, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-suggestions`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [q] = useDebouncedValue(text.trim(), SUGGEST_DELAY_MS);
  // A failed read (the index down) shows no suggestions; Enter still searches.
  const read = useAsync(['items', 'suggest', q], async () => (q ? ((await catalogueApi.suggest(q)) as Suggestion[]) : []));
  const suggestions = text.trim() && q ? (read.data ?? []) : [];
  const shown = open && suggestions.length > 0;
  const input = useRef<HTMLInputElement>(null);
  // Read-only until the page is live: text typed before hydration would get no suggestions.
  const live = useHydrated();

  const go = (path: string) => {
    setOpen(false);
    setActive(-1);
    navigate(path);
    onDone?.();
  };
  const pick = (s: Suggestion) => {
    setText(s.kind === 'brand' ? '' : s.text);
    go(suggestionPath(s));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!suggestions.length) return;
      setOpen(true);
      // Past either end the mark leaves the list (back to the text typed), then wraps.
      const last = suggestions.length - 1;
      const down = e.key === 'ArrowDown';
      setActive((a) => (down ? (a >= last ? -1 : a + 1) : a === -1 ? last : a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = shown && active >= 0 ? suggestions[active] : undefined;
      if (chosen) pick(chosen);
      else if (text.trim()) go(searchPath(text));
    } else if (e.key === 'Escape') {
      if (shown) setOpen(false);
      else if (text) setText('');
      else onDone?.();
      setActive(-1);
    }
  };

  return (
    <Box pos="relative" w="100%" role="search">
      <TextInput
        ref={input}
        autoFocus={autoFocus}
        readOnly={!live}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        leftSection={<IconSearch size={16} aria-hidden />}
        radius="xl"
        maxLength={100}
      />
      <Paper
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions')}
        shadow="md"
        withBorder
        radius="md"
        p={4}
        pos="absolute"
        left={0}
        right={0}
        top="calc(100% + 4px)"
        style={{ zIndex: 300, display: shown ? undefined : 'none' }}
      >
        {suggestions.map((s, i) => (
          <UnstyledButton
            key={`${s.kind}-${s.itemId ?? s.text}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            // Keep the focus in the field (its blur would close the list before the click).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(s)}
            onMouseEnter={() => setActive(i)}
            w="100%"
            px="sm"
            py={6}
            style={{ borderRadius: 6, background: i === active ? 'var(--mantine-color-blue-light)' : undefined, display: 'block' }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate>
                {s.kind === 'brand' ? brandLabel(s.text) : s.text}
              </Text>
              {KIND_LABEL[s.kind] && (
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {KIND_LABEL[s.kind]}
                </Text>
              )}
            </Group>
          </UnstyledButton>
        ))}
      </Paper>
    </Box>
  );
}

/** The header's search: the field itself on wider screens, a button opening it on a phone. */
export function HeaderSearch() {
  const { t } = useTranslation('shop');
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [expanded, setExpanded] = useState(false);
  if (!phone)
    return (
      <Box style={{ flex: 1, maxWidth: 480 }} mx="md">
        <SearchField />
      </Box>
    );
  return (
    <>
      <ActionIcon variant="subtle" size="lg" aria-label={t('search.label')} aria-expanded={expanded} onClick={() => setExpanded(true)}>
        <IconSearch size={20} />
      </ActionIcon>
      {expanded && (
        // Over the whole header while it is open.
        <Group
          pos="absolute"
          top={0}
          left={0}
          right={0}
          h="100%"
          px="sm"
          gap="xs"
          wrap="nowrap"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 250 }}
        >
          <SearchField autoFocus onDone={() => setExpanded(false)} />
          <CloseButton aria-label={t('search.close')} onClick={() => setExpanded(false)} />
        </Group>
      )}
    </>
  );
}
